import { DICTIONARIES } from "@/content/generated/dictionaries";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/config";
import { fill } from "@/lib/i18n/fill";
import { ACTION_BODY_LIMIT_BYTES } from "./response-guard";

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * The page a form posted without JavaScript gets when its body is over the limit (413): the form's
 * error in the language of the page it came from, and a link back to that page. Small and
 * self-contained, since it is written before Next runs (by `worker.ts` or the Node server's guard).
 */
export function tooLargeFormPage(path: string): string {
  const first = path.split("/")[1];
  const locale = isLocale(first) ? first : DEFAULT_LOCALE;
  const copy = DICTIONARIES[locale].requestErrors;
  // Only a path of this site: "//host" would be another site's address.
  const back = escapeHtml(`/${path.replace(/^\/+/, "")}`);
  const limit = `${ACTION_BODY_LIMIT_BYTES / (1024 * 1024)} MB`;
  return [
    "<!doctype html>",
    `<html lang="${locale}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(copy.tooLargeTitle)}</title></head>`,
    `<body><main><h1>${escapeHtml(copy.tooLargeTitle)}</h1>`,
    `<p role="alert">${escapeHtml(fill(copy.tooLarge, { limit }))}</p>`,
    `<p><a href="${back}">${escapeHtml(copy.back)}</a></p></main></body></html>`,
  ].join("\n");
}
