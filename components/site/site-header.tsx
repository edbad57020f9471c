import Link from "next/link";
import { Suspense } from "react";
import { SITE } from "@/lib/content/site";
import type { Studio } from "@/lib/content/types";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { entryAlternates } from "@/lib/site/alternates";
import { NAV_ITEMS, navHref } from "@/lib/site/nav";
import { LanguageSwitch } from "./language-switch";
import { NavLinks } from "./nav-links";

type Props = { locale: Locale; dict: Dictionary; studio: Pick<Studio, "name"> };

export function SiteHeader({ locale, dict, studio }: Props) {
  const other: Locale = locale === "es" ? "en" : "es";
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {dict.nav.skip}
      </a>
      <div className="site-header__inner">
        <Link href={`/${locale}`} className="brand">
          {studio.name}
        </Link>
        <nav aria-label={dict.nav.label}>
          <NavLinks items={NAV_ITEMS.map((item) => ({ href: navHref(locale, item), label: dict.nav[item] }))} />
        </nav>
        {/* useSearchParams needs a boundary on prerendered pages. */}
        <Suspense fallback={<span className="language-switch">{dict.nav.switchTo}</span>}>
          <LanguageSwitch to={other} label={dict.nav.switchTo} alternates={entryAlternates(locale, other, SITE)} />
        </Suspense>
      </div>
    </header>
  );
}
