import { describe, expect, it } from "vitest";

// Guards the studio's private pages (the inbox, the Lab view, a run, the gaps, the Lab's usage):
// each is rendered on every request (`force-dynamic`), never prerendered or served from a cache
// that could show one visitor's view, or yesterday's, to another.

const PAGES: [string, () => Promise<{ dynamic?: unknown }>][] = [
  ["the inbox", () => import("@/app/[locale]/inbox/page")],
  ["the Lab view", () => import("@/app/[locale]/inbox/lab/page")],
  ["a run in the Lab view", () => import("@/app/[locale]/inbox/lab/[id]/page")],
  ["the Lab view's gaps", () => import("@/app/[locale]/inbox/lab/gaps/page")],
  ["the Lab's usage", () => import("@/app/[locale]/lab/usage/page")],
];

describe("the studio's private pages", () => {
  it.each(PAGES)("%s is rendered on every request", async (_name, load) => {
    expect((await load()).dynamic).toBe("force-dynamic");
  });
});
