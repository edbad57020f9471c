/** A link the agent's output may carry: a page of this site, or the studio's WhatsApp chat. */
export type SafeLink = { kind: "site"; href: string } | { kind: "whatsapp"; href: string };

const BASE = "https://site.invalid";

/**
 * The only links the page renders from the agent's output. The route already keeps the answer's
 * links on the site; this is the page's own check, so a changed model or route can't slip an
 * external or `javascript:` link in. Anything else renders as plain text.
 */
export function safeLink(href: string | null | undefined): SafeLink | null {
  if (!href) return null;
  // Browsers drop tabs and newlines inside URLs and read a backslash as "/": no real site path has them.
  for (let index = 0; index < href.length; index += 1) {
    const code = href.charCodeAt(index);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return null;
  }
  if (href.startsWith("/") && !href.startsWith("//")) {
    try {
      const url = new URL(href, BASE);
      return url.origin === BASE ? { kind: "site", href: url.pathname + url.search + url.hash } : null;
    } catch {
      return null;
    }
  }
  try {
    const url = new URL(href);
    return url.protocol === "https:" && url.hostname === "wa.me" && !url.username && !url.port
      ? { kind: "whatsapp", href: url.href }
      : null;
  } catch {
    return null;
  }
}
