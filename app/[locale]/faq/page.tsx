import { Link } from "@/components/site/link";
import { Markdown } from "@/components/site/markdown";
import { PageHeader } from "@/components/site/page-header";
import { SITE } from "@/lib/content/site";
import { getDictionary } from "@/lib/i18n/dictionary";
import { localeOf } from "@/lib/i18n/params";
import { pageMetadata } from "@/lib/site/metadata";
import { paths } from "@/lib/site/paths";

export async function generateMetadata({ params }: PageProps<"/[locale]/faq">) {
  const locale = await localeOf(params);
  return pageMetadata(locale, { ...getDictionary(locale).pages.faq, path: paths.faq(locale) });
}

export default async function FaqPage({ params }: PageProps<"/[locale]/faq">) {
  const locale = await localeOf(params);
  const dict = getDictionary(locale);
  return (
    <>
      <PageHeader title={dict.pages.faq.title} lead={dict.faq.lead} />
      <div className="faq">
        {SITE.faq[locale].map((item) => (
          <section key={item.id} id={item.id} className="faq__item" aria-labelledby={`${item.id}-q`}>
            <h2 id={`${item.id}-q`}>{item.question}</h2>
            <Markdown source={item.answer} />
          </section>
        ))}
      </div>
      <p className="actions">
        <Link className="button" href={paths.contact(locale)}>
          {dict.faq.askUs}
        </Link>
      </p>
    </>
  );
}
