import { describe, expect, it } from "vitest";
import sitemap from "@/app/sitemap";
import { sitePages } from "@/lib/site/pages";

// The e2e checks visit `sitePages()` (they can't import the sitemap, which reads the server's
// configuration): it must be exactly the sitemap's list.
describe("sitePages", () => {
  it("is the sitemap's pages, in its order", () => {
    expect(sitePages()).toEqual(sitemap().map((entry) => new URL(entry.url).pathname));
    expect(new Set(sitePages()).size).toBe(sitePages().length);
  });
});
