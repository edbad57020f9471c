import { Link } from "@/components/site/link";
import { PageHeader } from "@/components/site/page-header";
import { SITE } from "@/lib/content/site";
import { getDictionary } from "@/lib/i18n/dictionary";
import { localeOf } from "@/lib/i18n/params";
import { pageMetadata } from "@/lib/site/metadata";
import { paths } from "@/lib/site/paths";

export async function generateMetadata({ params }: PageProps<"/[locale]/projects">) {
  const locale = await localeOf(params);
  return pageMetadata(locale, { ...getDictionary(locale).pages.projects, path: paths.projects(locale) });
}

export default async function ProjectsPage({ params }: PageProps<"/[locale]/projects">) {
  const locale = await localeOf(params);
  const dict = getDictionary(locale);
  return (
    <>
      <PageHeader title={dict.pages.projects.title} lead={dict.projects.lead} />
      <div className="grid">
        {SITE.projects[locale].map((project) => (
          <article key={project.slug} className="card">
            <p className="eyebrow">
              {project.sector} · {project.year}
            </p>
            <h2>
              <Link href={paths.project(locale, project.slug)}>{project.title}</Link>
            </h2>
            <p>{project.summary}</p>
          </article>
        ))}
      </div>
    </>
  );
}
