import { tool } from "ai";
import { z } from "zod";
import { LOCALES } from "@/lib/i18n/config";
import { type SiteSearchResult, searchSite } from "@/lib/search/site";
import { type ToolContext, toolInput } from "./shared";

export type SearchSiteResult = SiteSearchResult;

export const searchSiteInput = z.object({
  query: z.string().trim().min(1).max(200).describe("Keywords"),
  locale: z.enum(LOCALES).optional().describe("Default: the page's"),
});

export const searchSiteTool = (context: ToolContext) =>
  tool({
    description: "Search this site's services, projects, blog and FAQ.",
    inputSchema: toolInput(searchSiteInput),
    execute: ({ query, locale }): SearchSiteResult => searchSite(query, locale ?? context.locale),
  });
