import { Link } from "@/components/site/link";
import { PageHeader } from "@/components/site/page-header";
import { SITE } from "@/lib/content/site";
import { getDictionary } from "@/lib/i18n/dictionary";
import { formatDate } from "@/lib/i18n/format";
import { localeOf } from "@/lib/i18n/params";
import { pageMetadata } from "@/lib/site/metadata";
import { paths } from "@/lib/site/paths";

export async function generateMetadata({ params }: PageProps<"/[locale]/blog">) {
  const locale = await localeOf(params);
  return pageMetadata(locale, { ...getDictionary(locale).pages.blog, path: paths.blog(locale) });
}

export default async function BlogPage({ params }: PageProps<"/[locale]/blog">) {
  const locale = await localeOf(params);
  const dict = getDictionary(locale);
  return (
    <>
      <PageHeader title={dict.pages.blog.title} lead={dict.blog.lead} />
      <ul className="post-list">
        {SITE.posts[locale].map((post) => (
          <li key={post.slug}>
            <article>
              <h2>
                <Link href={paths.post(locale, post.slug)}>{post.title}</Link>
              </h2>
              <p className="muted">
                <time dateTime={post.date}>{formatDate(post.date, locale)}</time>
              </p>
              <p>{post.summary}</p>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
