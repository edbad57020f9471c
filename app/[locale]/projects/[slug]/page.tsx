import { notFound } from "next/navigation";
import { Link } from "@/components/site/link";
import { Markdown } from "@/components/site/markdown";
import { PageHeader } from "@/components/site/page-header";
import { findProject, findService, SITE, servicePath } from "@/lib/content/site";
import { LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { localeOf } from "@/lib/i18n/params";
import { pageMetadata } from "@/lib/site/metadata";
import { paths } from "@/lib/site/paths";

export const dynamicParams = false;

export function generateStaticParams() {
  return LOCALES.flatMap((locale) => SITE.projects[locale].map(({ slug }) => ({ locale, slug })));
}

export async function generateMetadata({ params }: PageProps<"/[locale]/projects/[slug]">) {
  const locale = await localeOf(params);
  const project = findProject(locale, (await params).slug);
  if (!project) return {};
  return pageMetadata(locale, {
    title: project.title,
    description: project.summary,
    path: paths.project(locale, project.slug),
  });
}

export default async function ProjectPage({ params }: PageProps<"/[locale]/projects/[slug]">) {
  const locale = await localeOf(params);
  const project = findProject(locale, (await params).slug);
  if (!project) notFound();
  const dict = getDictionary(locale);
  return (
    <article>
      <p className="eyebrow">
        {project.client} · {project.sector} · {project.year}
      </p>
      <PageHeader title={project.title} lead={project.summary} />
      <Markdown source={project.body} />
      <h2>{dict.projects.results}</h2>
      <ul>
        {project.results.map((result) => (
          <li key={result}>{result}</li>
        ))}
      </ul>
      <h2>{dict.projects.servicesUsed}</h2>
      <ul className="link-list">
        {project.services.map((id) => (
          <li key={id}>
            <Link href={servicePath(locale, id)}>{findService(id)?.text[locale].name ?? id}</Link>
          </li>
        ))}
      </ul>
      <p>
        <Link href={paths.projects(locale)}>{dict.common.backToProjects}</Link>
      </p>
    </article>
  );
}
