import { notFound } from "next/navigation";
import { Link } from "@/components/site/link";
import { PageHeader } from "@/components/site/page-header";
import { findServiceBySlug, SITE } from "@/lib/content/site";
import { LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { durationLabel, formatDuration } from "@/lib/i18n/duration";
import { formatMoney, formatMoneyRange, formatWeeks } from "@/lib/i18n/format";
import { localeOf } from "@/lib/i18n/params";
import { pageMetadata } from "@/lib/site/metadata";
import { paths } from "@/lib/site/paths";

export const dynamicParams = false;

export function generateStaticParams() {
  // `[id]` is the service's slug in the page's locale (its id unless the content gives one).
  return LOCALES.flatMap((locale) => SITE.services.map((service) => ({ locale, id: service.text[locale].slug })));
}

export async function generateMetadata({ params }: PageProps<"/[locale]/services/[id]">) {
  const locale = await localeOf(params);
  const service = findServiceBySlug(locale, (await params).id);
  if (!service) return {};
  const text = service.text[locale];
  return pageMetadata(locale, { title: text.name, description: text.summary, path: paths.service(locale, text.slug) });
}

export default async function ServicePage({ params }: PageProps<"/[locale]/services/[id]">) {
  const locale = await localeOf(params);
  const service = findServiceBySlug(locale, (await params).id);
  if (!service) notFound();
  const dict = getDictionary(locale);
  const text = service.text[locale];
  const projects = SITE.projects[locale].filter((project) => project.services.includes(service.id));
  return (
    <article>
      <PageHeader title={text.name} lead={text.summary} />
      <dl className="facts">
        <div>
          <dt>{dict.common.price}</dt>
          <dd data-testid="service-price">{formatMoneyRange(service.price, locale)}</dd>
        </div>
        <div>
          <dt>{durationLabel(service, dict.common)}</dt>
          <dd>{formatDuration(service, locale)}</dd>
        </div>
      </dl>
      <p>{text.description}</p>
      <h2>{dict.services.idealFor}</h2>
      <p>{text.idealFor}</p>
      <h2>{dict.services.includes}</h2>
      <ul>
        {text.includes.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {service.extras.length > 0 && (
        <>
          <h2>{dict.services.extras}</h2>
          <p className="muted">{dict.services.extrasLead}</p>
          <ul className="extras">
            {service.extras.map((extra) => (
              <li key={extra.id}>
                <strong>{extra.name[locale]}</strong> · {formatMoney(extra.price, locale)} ·{" "}
                {extra.weeks > 0
                  ? `${dict.services.addsWeeks} ${formatWeeks({ min: extra.weeks, max: extra.weeks }, locale)}`
                  : dict.services.noWeeks}
                <br />
                <span className="muted">{extra.description[locale]}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="actions">
        <Link className="button" href={paths.quote(locale, service.id)}>
          {dict.services.openCalculator}
        </Link>
      </p>
      {projects.length > 0 && (
        <>
          <h2>{dict.services.projectsUsing}</h2>
          <ul className="link-list">
            {projects.map((project) => (
              <li key={project.slug}>
                <Link href={paths.project(locale, project.slug)}>{project.title}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
