/**
 * The one policy for links in the agent's output, used by the route's streaming check
 * (lib/checks/answer-filter.ts) and by the page's renderer (components/agent): a link is a page
 * of this site (same tab) or the studio's WhatsApp chat; anything else is no link.
 * Client-safe: it imports nothing of the catalog; the route passes what it knows as a policy.
 */
export type SafeLink = { kind: "site"; href: string } | { kind: "whatsapp"; href: string };

export type LinkPolicy = {
  /** Whether a pathname ("/es/quote", no query or hash) is a page of the site; without it any "/…" path is. */
  sitePaths?: (path: string) => boolean;
  /**
   * The `https://wa.me/…` URLs a tool returned this run: when given, only these, exactly; without it,
   * any `https://wa.me/…` URL.
   */
  allowedUrls?: readonly string[];
};

// Only to read a path's parts with `URL`; never part of a link we keep.
const BASE = "https://site.invalid";

/**
 * What `href` may link to, or null. `href` is a destination as a Markdown parser decodes it
 * (escapes and character references already resolved). With `sitePaths`, an absolute http(s) URL
 * whose path is a site page becomes that path (models often write the site's full URL).
 */
export function safeLink(href: string | null | undefined, policy: LinkPolicy = {}): SafeLink | null {
  if (!href) return null;
  // Browsers drop tabs and newlines inside URLs and read a backslash as "/": no real link has them.
  for (let index = 0; index < href.length; index += 1) {
    const code = href.charCodeAt(index);
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return null;
  }
  if (href.startsWith("/") && !href.startsWith("//")) return sitePath(new URL(href, BASE), policy);
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol === "https:" && url.hostname === "wa.me" && !url.username && !url.password && !url.port) {
    if (policy.allowedUrls && !policy.allowedUrls.includes(href)) return null;
    return { kind: "whatsapp", href: url.href };
  }
  if (policy.sitePaths && (url.protocol === "https:" || url.protocol === "http:")) return sitePath(url, policy);
  return null;
}

function sitePath(url: URL, policy: LinkPolicy): SafeLink | null {
  if (policy.sitePaths && !policy.sitePaths(url.pathname)) return null;
  // The site's own links carry ids in their query ("?service=x&extras=a,b"); a URL in it is no id.
  const rest = url.search + url.hash;
  return { kind: "site", href: url.pathname + (/[a-z][a-z0-9+.-]*:|www\./i.test(rest) ? "" : rest) };
}
