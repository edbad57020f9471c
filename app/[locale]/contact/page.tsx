import { ContactForm } from "@/components/contact/contact-form";
import { ContactWhatsapp } from "@/components/contact/contact-whatsapp";
import { PageHeader } from "@/components/site/page-header";
import { sendContact } from "@/lib/contact/actions";
import { contactCopy } from "@/lib/contact/copy";
import type { ServiceNames } from "@/lib/contact/lead-context";
import { SITE } from "@/lib/content/site";
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
  const copy = contactCopy(locale);
  const { studio } = SITE;
  // Names only: the summary is words; the range is recomputed on the server when the form is sent.
  const services: ServiceNames[] = SITE.services.map((service) => ({
    id: service.id,
    name: service.text[locale].name,
    extras: service.extras.map((extra) => ({ id: extra.id, name: extra.name[locale] })),
  }));
  return (
    <>
      <PageHeader title={dict.pages.contact.title} lead={dict.contact.lead} />
      <div className="two-columns">
        <div>
          <ContactForm locale={locale} copy={copy} services={services} send={sendContact} />
          <p className="muted" data-testid="contact-privacy">
            {dict.contact.privacy}
          </p>
        </div>
        <aside className="card" aria-labelledby="contact-other">
          <h2 id="contact-other">{dict.contact.other}</h2>
          <p>
            <ContactWhatsapp
              locale={locale}
              copy={copy}
              services={services}
              number={studio.whatsapp.replace("+", "")}
              greeting={studio.whatsappGreeting[locale]}
            />
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
