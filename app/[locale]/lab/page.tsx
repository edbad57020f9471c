import styles from "@/components/lab/lab.module.css";
import { UnitsLeft } from "@/components/lab/units-left";
import { Link } from "@/components/site/link";
import { Markdown } from "@/components/site/markdown";
import { PageHeader } from "@/components/site/page-header";
import { SITE } from "@/lib/content/site";
import { getDictionary } from "@/lib/i18n/dictionary";
import { localeOf } from "@/lib/i18n/params";
import { plural } from "@/lib/i18n/plural";
import { LAB_UNIT_COSTS } from "@/lib/lab-uses";
import { pageMetadata } from "@/lib/site/metadata";
import { LAB_PAGES } from "@/lib/site/nav";
import { paths } from "@/lib/site/paths";

/** Which use each Lab entry is, for its cost in units. */
const COST_OF = { agent: "agent", assistant: "chat", reviewer: "review" } as const;

export async function generateMetadata({ params }: PageProps<"/[locale]/lab">) {
  const locale = await localeOf(params);
  return pageMetadata(locale, { ...getDictionary(locale).pages.lab, path: paths.lab(locale) });
}

export default async function LabPage({ params }: PageProps<"/[locale]/lab">) {
  const locale = await localeOf(params);
  const dict = getDictionary(locale);
  return (
    <>
      <PageHeader title={dict.pages.lab.title} lead={dict.lab.lead} />
      <UnitsLeft locale={locale} copy={dict.labUses} />
      <div className="lab-entries">
        {SITE.lab[locale].map((entry) => {
          const href = LAB_PAGES[entry.id]?.(locale);
          const units = LAB_UNIT_COSTS[COST_OF[entry.id]];
          const cost = plural(dict.labUses.cost, units, locale);
          return (
            <section key={entry.id} id={entry.id} className="card" aria-labelledby={`${entry.id}-title`}>
              <h2 id={`${entry.id}-title`}>
                {href ? <Link href={href}>{entry.title}</Link> : entry.title}
                <span className={styles.cost} data-testid="lab-cost">
                  {cost}
                </span>
              </h2>
              <p className="lead">{entry.summary}</p>
              <Markdown source={entry.body} />
              {href ? (
                <Link className="button" href={href}>
                  {dict.lab.open}: {entry.title}
                </Link>
              ) : (
                <p className="badge">{dict.lab.inProgress}</p>
              )}
            </section>
          );
        })}
      </div>
      <p className="muted">
        {dict.lab.quota} <Link href={paths.labUsage(locale)}>{dict.labUses.usageLink}</Link>
      </p>
    </>
  );
}
