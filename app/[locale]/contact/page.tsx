import { ContactForm } from "@/components/contact/contact-form";
import { PageHeader } from "@/components/site/page-header";
import { SITE, whatsappUrl } from "@/lib/content/site";
import { getDictionary } from "@/lib/i18n/dictionary";
import { localeOf } from "@/lib/i18n/params";
import { pageMetadata } from "@/lib/site/metadata";
import { paths } from "@/lib/site/paths";

export async function generateMetadata({ params }: PageProps<"/[locale]/contact">) {
  const locale = await localeOf(params);
  return pageMetadata(locale, { ...getDictionary(locale).pages.contact, path: paths.contact(locale) });
}

export default async function ContactPage({ params }: PageProps<"/[locale]/contact">) {
  const locale = await localeOf(params);
  const dict = getDictionary(locale);
  const { studio } = SITE;
  return (
    <>
      <PageHeader title={dict.pages.contact.title} lead={dict.contact.lead} />
      <div className="two-columns">
        <ContactForm locale={locale} copy={dict.contact} />
        <aside className="card" aria-labelledby="contact-other">
          <h2 id="contact-other">{dict.contact.other}</h2>
          <p>
            <a className="button button--whatsapp" href={whatsappUrl(locale)} rel="noopener noreferrer">
              {dict.contact.whatsapp}
            </a>
          </p>
          <p>
            <a href={`mailto:${studio.email}`}>{studio.email}</a>
          </p>
          <p>
            <strong>{dict.contact.hours}:</strong> {studio.hours[locale]}
          </p>
          <p className="muted">
            {studio.city}, {studio.country}
          </p>
        </aside>
      </div>
    </>
  );
}
