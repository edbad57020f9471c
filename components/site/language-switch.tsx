"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { Link } from "@/components/site/link";
import { type Locale, switchLocalePath } from "@/lib/i18n/config";

// `alternates`: the pages whose path is not just the locale swapped (a post's slug per locale),
// computed on the server so the content stays out of the browser's bundle.
type Props = { to: Locale; label: string; alternates: Readonly<Record<string, string>> };

/** Links to the page the visitor is on, in the language `to`, keeping its query string. */
export function LanguageSwitch({ to, label, alternates }: Props) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const href = `${alternates[pathname] ?? switchLocalePath(pathname, to)}${search ? `?${search}` : ""}`;
  return (
    <Link href={href} hrefLang={to} lang={to} className="language-switch" data-testid="language-switch">
      {label}
    </Link>
  );
}
