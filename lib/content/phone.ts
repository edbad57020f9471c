// Node only (`npm run knowledge`): libphonenumber's metadata stays out of the site, which reads
// the generated result.
import { getExampleNumber, parsePhoneNumberFromString } from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";

/**
 * A phone number as a visitor of the studio's country would write one, for the contact form's
 * hints: an example mobile number of the country the studio's own WhatsApp number is in, in
 * international format ("+34 612 34 56 78"). Never the studio's number itself: a visitor could
 * take it for the field's value. Its own number, formatted, when the country has no example.
 */
export function phoneExample(whatsapp: string): string {
  const own = parsePhoneNumberFromString(whatsapp);
  if (!own) return whatsapp;
  const example = own.country ? getExampleNumber(own.country, examples) : undefined;
  return (example ?? own).formatInternational();
}
