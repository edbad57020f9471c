import { SITE } from "@/lib/content/site";
import type { Locale } from "@/lib/i18n/config";
import type { ServiceNames } from "./copy";

/** Service and extra names by id, for the estimate card (its result names them only by id). */
export function serviceNames(locale: Locale): ServiceNames {
  return Object.fromEntries(
    SITE.services.map((service) => [
      service.id,
      {
        name: service.text[locale].name,
        extras: Object.fromEntries(service.extras.map((extra) => [extra.id, extra.name[locale]])),
        ...(service.term ? { term: service.term } : {}),
      },
    ]),
  );
}
