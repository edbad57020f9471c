import { PageHeader } from "@/components/site/page-header";
import { ServiceCard } from "@/components/site/service-card";
import { SITE } from "@/lib/content/site";
import { getDictionary } from "@/lib/i18n/dictionary";
import { localeOf } from "@/lib/i18n/params";
import { pageMetadata } from "@/lib/site/metadata";
import { paths } from "@/lib/site/paths";

export async function generateMetadata({ params }: PageProps<"/[locale]/services">) {
  const locale = await localeOf(params);
  return pageMetadata(locale, { ...getDictionary(locale).pages.services, path: paths.services(locale) });
}

export default async function ServicesPage({ params }: PageProps<"/[locale]/services">) {
  const locale = await localeOf(params);
  const dict = getDictionary(locale);
  return (
    <>
      <PageHeader title={dict.pages.services.title} lead={dict.services.lead} />
      <div className="grid">
        {SITE.services.map((service) => (
          <ServiceCard key={service.id} service={service} locale={locale} dict={dict} level={2} />
        ))}
      </div>
    </>
  );
}
