export type SitePathOptions = {
  /** Whether a pathname ("/es/quote", no query or hash) is a page of the site. */
  sitePaths: (path: string) => boolean;
  /** URLs a tool returned (a `https://wa.me/…` link), kept exactly as written. */
  allowedUrls?: readonly string[];
};

const DESTINATION = String.raw`<[^<>\n]*>|(?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))*`;
const TITLE = String.raw`"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)`;
const LINK = String.raw`(?<bang>!?)\[(?<text>(?:[^\[\]\n]|\[[^\[\]\n]*\])*)\]\(\s*(?<dest>${DESTINATION})(?:\s+(?:${TITLE}))?\s*\)`;
const AUTOLINK = String.raw`<(?<auto>[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>`;
const DEFINITION = String.raw`^(?<label> {0,3}\[[^\[\]\n]+\]:)[ \t]*(?<def>${DESTINATION})[^\n]*$`;
const BARE = String.raw`(?<bare>https?:\/\/[^\s<>"'\x60\[\]{}|\\^]+)`;
const ANSWER_LINKS = new RegExp(`${LINK}|${AUTOLINK}|${DEFINITION}|${BARE}`, "gim");
const BARE_ONLY = new RegExp(BARE, "gi");

const DANGEROUS = /^(?:javascript|data|vbscript|file):/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const BASE = "https://site.invalid";
const TRAILING = ".,;:!?*_~'\"";

/**
 * Keeps the links of a Markdown answer on the site, in one pass over `[text](url)` (and images), `<url>`
 * autolinks, reference definitions and bare `http(s)://` URLs:
 * - a URL in `allowedUrls` stays as written (never a `javascript:`/`data:` one);
 * - an absolute URL (any host) or a `/path` becomes the site path (with its query and hash) when
 *   `sitePaths(pathname)` accepts it;
 * - anything else loses its URL: a link becomes its text, an image its alt text, an autolink or a bare URL
 *   disappears, a reference definition is emptied.
 * Code spans are not special: a URL inside one is treated like any other.
 */
export function keepSitePaths(text: string, options: SitePathOptions): string {
  const allowed = new Set(options.allowedUrls ?? []);
  const target = (url: string) => resolve(url, allowed, options.sitePaths);
  const bare = (url: string) => {
    const [href, trailing] = splitTrailing(url);
    return (target(href) ?? "") + trailing;
  };

  return text.replace(ANSWER_LINKS, (match, ...args) => {
    const groups = args.at(-1) as Record<string, string | undefined>;
    if (groups.dest !== undefined) {
      const label = (groups.text ?? "").replace(BARE_ONLY, bare);
      const href = target(unwrap(groups.dest));
      if (href === unwrap(groups.dest) && label === groups.text) return match;
      return href === null ? label : `${groups.bang}[${label}](${markdownHref(href)})`;
    }
    if (groups.auto !== undefined) {
      const href = target(groups.auto);
      if (href === groups.auto) return match;
      return href === null ? "" : `[${href}](${markdownHref(href)})`;
    }
    if (groups.def !== undefined) {
      const href = target(unwrap(groups.def));
      if (href === unwrap(groups.def)) return match;
      return href === null ? "" : `${groups.label} ${markdownHref(href)}`;
    }
    return bare(groups.bare ?? match);
  });
}

/** The href to keep for `url`, or null when the link must lose it. */
function resolve(url: string, allowed: Set<string>, sitePaths: (path: string) => boolean): string | null {
  // What a browser would follow: Markdown backslash escapes and character references are decoded, and
  // browsers drop tabs, newlines and control characters anywhere in a URL.
  const decoded = withoutControls(decodeReferences(url.replace(/\\([!-/:-@[-`{-~])/g, "$1")));
  if (DANGEROUS.test(decoded)) return null;
  if (allowed.has(url) || allowed.has(decoded)) return url;
  const absolute = SCHEME.test(decoded);
  if (absolute ? !/^https?:/i.test(decoded) : !/^[/\\]/.test(decoded)) return null;
  let parsed: URL;
  try {
    // A relative "//host/x" or "/\host/x" lands on another host, like an absolute URL: same rule.
    parsed = new URL(decoded, BASE);
  } catch {
    return null;
  }
  return sitePaths(parsed.pathname) ? parsed.pathname + parsed.search + parsed.hash : null;
}

function decodeReferences(url: string): string {
  if (!url.includes("&")) return url;
  return url.replace(
    /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(colon|sol|bsol|tab|newline|lpar|rpar|amp));/gi,
    (ref, dec, hex, name) => {
      if (dec || hex) {
        const code = Number.parseInt(dec ?? hex, dec ? 10 : 16);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
      }
      const named: Record<string, string> = {
        colon: ":",
        sol: "/",
        bsol: "\\",
        tab: "\t",
        newline: "\n",
        lpar: "(",
        rpar: ")",
        amp: "&",
      };
      return named[String(name).toLowerCase()] ?? ref;
    },
  );
}

function withoutControls(url: string): string {
  let out = "";
  for (const char of url) {
    const code = char.charCodeAt(0);
    if (code > 0x20 && code !== 0x7f) out += char;
  }
  return out;
}

function unwrap(destination: string): string {
  return destination.startsWith("<") && destination.endsWith(">") ? destination.slice(1, -1) : destination;
}

function markdownHref(href: string): string {
  return /[\s()<>]/.test(href) ? `<${href.replace(/[<>]/g, encodeURIComponent)}>` : href;
}

/** A bare URL ends before the punctuation of its sentence; a ")" stays when the URL opened one. */
function splitTrailing(url: string): [string, string] {
  let open = 0;
  let close = 0;
  for (const char of url) {
    if (char === "(") open++;
    else if (char === ")") close++;
  }
  let end = url.length;
  while (end > 0) {
    const char = url.charAt(end - 1);
    if (char === ")" && open < close) close--;
    else if (!TRAILING.includes(char)) break;
    end--;
  }
  return [url.slice(0, end), url.slice(end)];
}
