import { type CalculatorService, QuoteCalculator } from "@/components/quote/quote-calculator";
import { PageHeader } from "@/components/site/page-header";
import { quoteLead } from "@/lib/contact/lead-context";
import { SITE } from "@/lib/content/site";
import { getDictionary } from "@/lib/i18n/dictionary";
import { localeOf } from "@/lib/i18n/params";
import { parseSelection } from "@/lib/quote/selection";
import { pageMetadata } from "@/lib/site/metadata";
import { paths } from "@/lib/site/paths";

export async function generateMetadata({ params }: PageProps<"/[locale]/quote">) {
  const locale = await localeOf(params);
  return pageMetadata(locale, { ...getDictionary(locale).pages.quote, path: paths.quote(locale) });
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default async function QuotePage({ params, searchParams }: PageProps<"/[locale]/quote">) {
  const locale = await localeOf(params);
  const query = await searchParams;
  const dict = getDictionary(locale);
  const { selection, problems } = parseSelection(first(query.service), first(query.extras));
  // From the agent: its run and the visitor's goal, carried on to the form.
  const lead = quoteLead({ run: first(query.run), goal: first(query.goal) });
  const services: CalculatorService[] = SITE.services.map((service) => ({
    id: service.id,
    name: service.text[locale].name,
    extras: service.extras.map((extra) => ({
      id: extra.id,
      name: extra.name[locale],
      price: extra.price,
      weeks: extra.weeks,
    })),
  }));
  return (
    <>
      <PageHeader title={dict.pages.quote.title} lead={dict.pages.quote.description} />
      <QuoteCalculator
        // A new link (another preselection) starts a fresh calculator.
        key={`${selection.serviceId}:${selection.extraIds.join(",")}`}
        locale={locale}
        copy={dict.quote}
        services={services}
        initial={selection}
        lead={lead}
        problems={problems}
      />
    </>
  );
}
