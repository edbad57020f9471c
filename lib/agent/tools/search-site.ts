import { tool } from "ai";
import { z } from "zod";
import { LOCALES } from "@/lib/i18n/config";
import { type SiteSearchResult, searchSite } from "@/lib/search/site";
import { estimateTokens, TokenCounter } from "@/lib/text/tokens";
import { CATALOG, forModel, type ToolContext, toolInput } from "./shared";

export type SearchSiteResult = SiteSearchResult;

/** What the model reads of the matches (the page shows them all, whole): the best few, short. */
const MODEL_RESULTS = 3;
const MODEL_SNIPPET_LENGTH = 70;
const MODEL_TITLE_LENGTH = 60;

const SERVICE_BY_PATH = new Map(
  Object.values(CATALOG).flatMap(({ services }) => services.map((service) => [service.path, service.id] as const)),
);

/**
 * A snippet cut at a word near `length` characters, with "…" where cut. The lengths are Latin
 * text's, about 3 characters a token: a text of a script of a token a character (kana, Han,
 * Cyrillic…) is cut at what `length` Latin characters cost instead, after a space or a clause's
 * mark near the end, so a Japanese result costs the model no more than an English one.
 */
function shorten(text: string, length: number): string {
  const tokens = estimateTokens("x".repeat(length));
  if (estimateTokens(text.slice(0, length)) > tokens * 1.5) return shortenToTokens(text, tokens);
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function shortenToTokens(text: string, tokens: number): string {
  const counter = new TokenCounter();
  const kept = counter.take(text, tokens - 1);
  if (kept.length === text.length) return text;
  const end = Math.max(kept.lastIndexOf(" "), ...["、", "，", "。"].map((mark) => kept.lastIndexOf(mark) + 1));
  return `${(end > kept.length / 2 ? kept.slice(0, end) : kept).trimEnd().replace(/[、，]$/, "")}…`;
}

/**
 * What the model reads of the matches: each page's path and title, a short snippet, and a
 * service page's id, so the next call can read that service without guessing its id.
 */
function searchForModel({ results }: SiteSearchResult) {
  return {
    ok: true,
    results: results.slice(0, MODEL_RESULTS).map(({ path, title, snippet }) => {
      const serviceId = SERVICE_BY_PATH.get(path);
      return {
        ...(serviceId ? { serviceId } : {}),
        path,
        title: shorten(title, MODEL_TITLE_LENGTH),
        snippet: shorten(snippet, MODEL_SNIPPET_LENGTH),
      };
    }),
  };
}

export const searchSiteInput = z.object({
  query: z.string().trim().min(1).max(200).describe("Keywords"),
  locale: z.enum(LOCALES).optional().describe("Default: the page's"),
});

export const searchSiteTool = (context: ToolContext) =>
  tool({
    description: "Search this site's services, projects, blog and FAQ.",
    inputSchema: toolInput(searchSiteInput),
    execute: ({ query, locale }): SearchSiteResult => searchSite(query, locale ?? context.locale),
    toModelOutput: ({ output }) => forModel(output, searchForModel),
  });
