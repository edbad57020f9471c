"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { type Locale, switchLocalePath } from "@/lib/i18n/config";

type Props = { to: Locale; label: string };

/** Links to the page the visitor is on, in the other locale, keeping its query string. */
export function LanguageSwitch({ to, label }: Props) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const href = `${switchLocalePath(pathname, to)}${search ? `?${search}` : ""}`;
  return (
    <Link href={href} hrefLang={to} lang={to} className="language-switch" data-testid="language-switch">
      {label}
    </Link>
  );
}
