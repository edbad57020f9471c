import { SETTINGS } from "@/content/generated/settings";
import type { Locale } from "@/lib/i18n/config";
import { type Dictionary, getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { formatCount } from "@/lib/i18n/format";
import { CONTACT_LIMITS } from "./schema";

/**
 * The contact form's texts with their figures put in on the server: the limits as the studio's
 * locale writes numbers ("2.000" or "2,000") and a phone number of the studio's own country as the
 * example (`content/studio.yaml`'s WhatsApp number says which), so no hint speaks of another market.
 */
export function contactCopy(locale: Locale): Dictionary["contact"] {
  const copy = getDictionary(locale).contact;
  const count = (value: number) => formatCount(value, locale);
  const { message, summary } = CONTACT_LIMITS;
  return {
    ...copy,
    messageHint: fill(copy.messageHint, { min: count(message.min), max: count(message.max) }),
    errors: {
      ...copy.errors,
      messageTooLong: fill(copy.errors.messageTooLong, { max: count(message.max) }),
      summaryTooLong: fill(copy.errors.summaryTooLong, { max: count(summary.max) }),
      phoneInvalid: fill(copy.errors.phoneInvalid, { example: SETTINGS.phoneExample }),
    },
  };
}
