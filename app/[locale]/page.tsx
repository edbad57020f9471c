import { Link } from "@/components/site/link";
import { ServiceCard } from "@/components/site/service-card";
import { SITE } from "@/lib/content/site";
import { getDictionary } from "@/lib/i18n/dictionary";
import { localeOf } from "@/lib/i18n/params";
import { LAB_PAGES } from "@/lib/site/nav";
import { paths } from "@/lib/site/paths";

export default async function HomePage({ params }: PageProps<"/[locale]">) {
  const locale = await localeOf(params);
  const dict = getDictionary(locale);
  const { home } = dict;
  const agentPage = LAB_PAGES.agent?.(locale);
  return (
    <>
      <section className="hero">
        <p className="eyebrow">{SITE.studio.tagline[locale]}</p>
        <h1>{home.title}</h1>
        <p className="lead">{home.lead}</p>
        <p className="actions">
          <Link className="button" href={paths.quote(locale)}>
            {home.sections.quote.title}
          </Link>
          <Link className="button button--ghost" href={agentPage ?? paths.lab(locale)}>
            {home.sections.lab.title}
          </Link>
        </p>
      </section>

      <section aria-labelledby="services-title" className="section">
        <h2 id="services-title">{home.sections.services.title}</h2>
        <p>{home.sections.services.body}</p>
        <div className="grid">
          {SITE.services.map((service) => (
            <ServiceCard key={service.id} service={service} locale={locale} dict={dict} level={3} />
          ))}
        </div>
      </section>

      <section aria-labelledby="projects-title" className="section">
        <h2 id="projects-title">{home.sections.projects.title}</h2>
        <p>{home.sections.projects.body}</p>
        <ul className="link-list">
          {SITE.projects[locale].slice(0, 3).map((project) => (
            <li key={project.slug}>
              <Link href={paths.project(locale, project.slug)}>{project.title}</Link>
              <span className="muted"> · {project.client}</span>
            </li>
          ))}
        </ul>
        <Link href={paths.projects(locale)}>{dict.common.seeAll}</Link>
      </section>

      <div className="grid">
        {(["lab", "blog", "faq", "contact"] as const).map((item) => (
          <section key={item} className="card" aria-labelledby={`${item}-title`}>
            <h2 id={`${item}-title`}>
              <Link href={paths[item](locale)}>{home.sections[item].title}</Link>
            </h2>
            <p>{home.sections[item].body}</p>
          </section>
        ))}
      </div>
    </>
  );
}
