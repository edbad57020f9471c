import { Suspense } from "react";
import { Link } from "@/components/site/link";
import { SITE } from "@/lib/content/site";
import type { Studio } from "@/lib/content/types";
import { LOCALES, type Locale } from "@/lib/i18n/config";
import { type Dictionary, getDictionary } from "@/lib/i18n/dictionary";
import { entryAlternates } from "@/lib/site/alternates";
import { NAV_ITEMS, navHref } from "@/lib/site/nav";
import { LanguageSwitch } from "./language-switch";
import { NavLinks } from "./nav-links";

type Props = { locale: Locale; dict: Dictionary; studio: Pick<Studio, "name"> };

export function SiteHeader({ locale, dict, studio }: Props) {
  // One switch per other language, each labelled in its own language; none on a one-language site.
  const others = LOCALES.filter((other) => other !== locale);
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
          <NavLinks
            items={NAV_ITEMS.map((item) => ({
              href: navHref(locale, item),
              folder: `/${locale}/${item}`,
              label: dict.nav[item],
            }))}
          />
        </nav>
        {/* useSearchParams needs a boundary on prerendered pages. Until the page hydrates (or
            without JavaScript) the switch is a plain link to the other language's home. */}
        {others.map((other) => (
          <Suspense
            key={other}
            fallback={
              <a href={`/${other}`} hrefLang={other} lang={other} className="language-switch">
                {getDictionary(other).nav.switchTo}
              </a>
            }
          >
            <LanguageSwitch
              to={other}
              label={getDictionary(other).nav.switchTo}
              alternates={entryAlternates(locale, other, SITE)}
            />
          </Suspense>
        ))}
      </div>
    </header>
  );
}
