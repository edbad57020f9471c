import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { toString as plainTextOf } from "mdast-util-to-string";
import { type LinkPolicy, safeLink } from "./links";
import { maySpellOtherwise, spelledOut } from "./spelled-text";

/**
 * The answer's streaming check: what a model writes leaves the server with no link outside the
 * link policy and no raw HTML, however the text is cut into deltas.
 *
 * How: the text not yet released is parsed with a real Markdown parser (micromark, through
 * mdast-util-from-markdown). Links, images, references, definitions, HTML and code are found
 * by the parser and rewritten; everything else is released made inert: a `[`, `` ` `` or tag-like
 * `<` the parser did not use is escaped, so no later text can complete it into a link, and bare
 * URLs (which renderers with GFM turn into links) are kept only when the policy allows them.
 * What is held back: the last word (a URL may still be growing: "htt" + "ps://…") and anything
 * from an opener that may still become a link ("[c](javascript:alert(1)" + ")"), up to
 * HOLD_LIMIT characters; past that, the opener is released escaped.
 */
export const HOLD_LIMIT = 400;

/**
 * Characters one text part may have parsed, all pushes together: an honest answer parses a few
 * thousand. Past it (a model writing brackets on purpose), the rest of the part is released with
 * every Markdown character escaped and no link at all, which costs no parse.
 */
const PARSE_BUDGET = 12_000;

export type AnswerFilter = { push(delta: string): string; flush(): string };

/** One filter per text part: `push` each delta, `flush` at the part's end. */
export function createAnswerFilter(policy: LinkPolicy): AnswerFilter {
  let pending = "";
  let held: Held = "nothing";
  const budget = { parsed: 0 };
  return {
    push(delta) {
      pending += delta;
      // Nothing to release until a delta brings what could end the held part: a space after a word; a
      // character that closes a construct, or a line end, after an opener. Saves a parse per delta.
      const wake = held === "opener" ? /[)>\]`\n]/ : held === "word" ? /\s/ : null;
      if (wake && !wake.test(delta) && pending.length <= HOLD_LIMIT) return "";
      const result = filterText(pending, policy, false, budget);
      pending = result.rest;
      held = result.held;
      return result.out;
    },
    flush() {
      const { out } = filterText(pending, policy, true, budget);
      pending = "";
      held = "nothing";
      return out;
    },
  };
}

/** The same check on a whole text. */
export function filterAnswer(text: string, policy: LinkPolicy): string {
  return filterText(text, policy, true, { parsed: 0 }).out;
}

// Nothing in a text without these can be or become a link or HTML: no parse needed.
const MAY_MATTER = /[[<`&\\:%]|www\./i;
const mayMatter = (text: string) => MAY_MATTER.test(text) || maySpellOtherwise(text);
// Constructs the parser finds that we rewrite; the rest of the tree is released as inert text.
const REWRITTEN = new Set([
  "link",
  "image",
  "linkReference",
  "imageReference",
  "definition",
  "html",
  "inlineCode",
  "code",
]);
// Constructs that end only at a blank line or a closing fence: one at the end may still grow.
const GROWING = new Set(["html", "code"]);

type Span = { start: number; end: number; node: Nodes };
/** Why the rest of the text is held back: its last word, or an opener that may still become a link. */
type Held = "nothing" | "word" | "opener";
type Filtered = { out: string; rest: string; held: Held };

function filterText(text: string, policy: LinkPolicy, final: boolean, budget: { parsed: number }): Filtered {
  let cut = final ? text.length : afterLastSpace(text);
  // A "word" this long is no link a model should write: check it as it is.
  if (!final && text.length - cut > HOLD_LIMIT) cut = text.length;
  const word: Held = cut < text.length ? "word" : "nothing";
  if (cut === 0) return { out: "", rest: text, held: word };
  if (!mayMatter(text.slice(0, cut))) return { out: text.slice(0, cut), rest: text.slice(cut), held: word };
  budget.parsed += text.length;
  if (budget.parsed > PARSE_BUDGET) {
    return { out: escapeAll(withoutUrls(text.slice(0, cut), policy)), rest: text.slice(cut), held: word };
  }
  let held: Held = word;

  const spans: Span[] = [];
  collect(fromMarkdown(text), spans);
  if (!final) {
    for (const span of spans) {
      const mayGrow = GROWING.has(span.node.type) && span.end >= text.trimEnd().length;
      if (span.start < cut && (span.end > cut || mayGrow)) {
        cut = Math.min(cut, span.start);
        held = "opener";
      }
    }
    const opener = firstOpener(text, spans, cut);
    if (opener !== -1) {
      cut = opener;
      held = "opener";
    }
  }
  let out = "";
  let at = 0;
  for (const span of spans) {
    if (span.end > cut) break;
    out += inertText(text.slice(at, span.start), policy) + rewrite(span, text, policy);
    at = span.end;
  }
  out += inertText(text.slice(at, cut), policy);
  return { out, rest: text.slice(cut), held };
}

function afterLastSpace(text: string): number {
  for (let index = text.length - 1; index >= 0; index--) if (/\s/.test(text.charAt(index))) return index + 1;
  return 0;
}

/** The outermost rewritten constructs, in order (a link's label is rewritten with its link). */
function collect(node: Nodes, spans: Span[]): void {
  if (!("children" in node)) return;
  for (const child of node.children) {
    const start = child.position?.start.offset;
    const end = child.position?.end.offset;
    if (REWRITTEN.has(child.type) && start !== undefined && end !== undefined) spans.push({ start, end, node: child });
    else collect(child, spans);
  }
}

/**
 * The first `[`, `` ` `` or tag-like `<` before `cut` that the parser left as text and that is
 * close enough to the end to hold back (an earlier one is released escaped). A `!` right before a
 * `[` is held with it, so a link can't become an image.
 */
function firstOpener(text: string, spans: Span[], cut: number): number {
  let span = 0;
  let backslashes = 0;
  for (let index = Math.max(0, text.length - HOLD_LIMIT); index < cut; index++) {
    while (spans[span] && (spans[span]?.end ?? 0) <= index) span++;
    const inSpan = spans[span] !== undefined && (spans[span]?.start ?? 0) <= index;
    const char = text.charAt(index);
    if (!inSpan && backslashes % 2 === 0 && isOpener(text, index)) {
      return index > 0 && text.charAt(index - 1) === "!" ? index - 1 : index;
    }
    backslashes = char === "\\" ? backslashes + 1 : 0;
  }
  return -1;
}

function isOpener(text: string, index: number): boolean {
  const char = text.charAt(index);
  if (char === "[" || char === "`") return true;
  return char === "<" && (index + 1 === text.length || /[A-Za-z/!?]/.test(text.charAt(index + 1)));
}

function rewrite(span: Span, text: string, policy: LinkPolicy): string {
  const { node } = span;
  const source = text.slice(span.start, span.end);
  switch (node.type) {
    case "link": {
      const link = safeLink(node.url, policy);
      // An autolink (`<https://…>`) is its own URL: it goes with it.
      if (source.startsWith("<")) return link ? `[${escapeAll(link.href)}](${destination(link.href)})` : "";
      const label = escapeAll(withoutUrls(plainTextOf(node), policy));
      return link ? `[${label}](${destination(link.href)})` : label;
    }
    case "image":
    case "imageReference":
      // The page shows an image's alt text, never the image: a picture could leak the goal to its host.
      return escapeAll(withoutUrls(node.alt ?? "", policy));
    case "linkReference":
      return escapeAll(withoutUrls(plainTextOf(node), policy));
    case "inlineCode":
    case "code":
      // An answer has no code: its text is released like any other, so no renderer reads a link in it.
      return inertText(source, policy);
    default:
      // Definitions and raw HTML: nothing of them is shown (the page renders with `skipHtml`).
      return "";
  }
}

function destination(href: string): string {
  let depth = 0;
  for (const char of href) {
    depth += char === "(" ? 1 : char === ")" ? -1 : 0;
    if (depth < 0) break;
  }
  return depth !== 0 || /[\s<>]/.test(href) ? `<${href.replace(/[\s<>]/g, encodeURIComponent)}>` : href;
}

/** Text as Markdown that renders it literally: no construct can start in it. */
function escapeAll(text: string): string {
  return text.replace(/[\\`*_[\]<>&!]/g, "\\$&");
}

/** Source text released as it is, except bare URLs the policy refuses and escaped openers. */
function inertText(source: string, policy: LinkPolicy): string {
  return escapeOpeners(withoutUrls(source, policy));
}

function escapeOpeners(text: string): string {
  let out = "";
  let backslashes = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    if (backslashes % 2 === 0 && isOpener(text, index)) out += "\\";
    out += char;
    backslashes = char === "\\" ? backslashes + 1 : 0;
  }
  return out;
}

// Where a URL starts in a word: a scheme with "//", "www.", or a scheme that runs code or opens an app.
const URL_START = /[a-z][a-z0-9+.-]*:\/\/|www\.|(?:javascript|vbscript|data|file|mailto|tel|sms|xmpp):/i;
const TRAILING = ".,;:!?*_~'\"";

/**
 * Each word holding a URL: a site page's URL becomes its path, a URL the policy allows stays, any
 * other URL goes (the sentence's punctuation stays). A URL spelled with escapes, character
 * references, percent-encoding or compatibility forms is found in the word as it reads
 * (`spelledOut`), and the word is cut where the reading's URL starts; spelled that way, only a
 * site page is kept (as its path), so what is kept is always written plainly.
 */
function withoutUrls(text: string, policy: LinkPolicy): string {
  if (!/[:.]/.test(text) && !maySpellOtherwise(text)) return text;
  return text.replace(/\S+/g, (word) => {
    const { plain, from } = spelledOut(word);
    const read = plain.search(URL_START);
    if (read === -1) return word;
    const at = word.search(URL_START);
    // Spelled otherwise where it starts: read, not written (a written URL keeps its own %-escapes).
    if (at !== from[read]) {
      const [url, trailing] = splitTrailing(plain.slice(read));
      const link = safeLink(/^www\./i.test(url) ? `https://${url}` : url, policy);
      return word.slice(0, from[read]) + (link?.kind === "site" ? link.href : "") + trailing;
    }
    // A tool's WhatsApp URL can end in ")." (its message does): it is kept whole, not cut at its punctuation.
    const listed = policy.allowedUrls?.find((allowed) => word.startsWith(allowed, at));
    const [url, trailing] = listed ? [listed, word.slice(at + listed.length)] : splitTrailing(word.slice(at));
    const link = safeLink(/^www\./i.test(url) ? `https://${url}` : url, policy);
    const kept = link?.kind === "site" ? link.href : link ? url : "";
    // After a listed URL the word goes on: what follows is checked like any word.
    return word.slice(0, at) + kept + (listed ? withoutUrls(trailing, policy) : trailing);
  });
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
