import { notFound } from "next/navigation";
import { Link } from "@/components/site/link";
import { Markdown } from "@/components/site/markdown";
import { PageHeader } from "@/components/site/page-header";
import { findPost, SITE } from "@/lib/content/site";
import { LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { formatDate } from "@/lib/i18n/format";
import { localeOf } from "@/lib/i18n/params";
import { pageMetadata } from "@/lib/site/metadata";
import { paths } from "@/lib/site/paths";

export const dynamicParams = false;

export function generateStaticParams() {
  return LOCALES.flatMap((locale) => SITE.posts[locale].map(({ slug }) => ({ locale, slug })));
}

export async function generateMetadata({ params }: PageProps<"/[locale]/blog/[slug]">) {
  const locale = await localeOf(params);
  const post = findPost(locale, (await params).slug);
  if (!post) return {};
  return pageMetadata(locale, { title: post.title, description: post.summary, path: paths.post(locale, post.slug) });
}

export default async function PostPage({ params }: PageProps<"/[locale]/blog/[slug]">) {
  const locale = await localeOf(params);
  const post = findPost(locale, (await params).slug);
  if (!post) notFound();
  const dict = getDictionary(locale);
  return (
    <article>
      <PageHeader title={post.title} lead={post.summary} />
      <p className="muted">
        {dict.blog.published} <time dateTime={post.date}>{formatDate(post.date, locale)}</time>
      </p>
      <Markdown source={post.body} />
      <p>
        <Link href={paths.blog(locale)}>{dict.common.backToBlog}</Link>
      </p>
    </article>
  );
}
