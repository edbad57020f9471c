import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, ROOT } from "@/tests/support/import-graph";

// Guards what a phone pays at load that can be counted without a clock: which client components
// (modules whose code ships and hydrates) each page reaches from the server's import graph, and
// that links don't prefetch on sight. Prefetching every link in view was most of the home's
// main-thread work (Lighthouse: blocking time 2.4x a bare Next page's); a header or a card made a
// client component hydrates on every page. `npm run bench -- --pages` measures the time itself.

const isClient = (file: string) =>
  /\.tsx?$/.test(file) && /^\s*["']use client["']/.test(readFileSync(path.join(ROOT, file), "utf8"));

/** The client components a server module renders: the `"use client"` modules its graph reaches first. */
function clientBoundaries(entry: string): string[] {
  const { files } = importsOf(entry);
  const boundaries = [...files].filter(isClient);
  // A client module's own imports are inside its boundary, not boundaries of their own.
  const inside = new Set(
    boundaries.flatMap((client) => [...importsOf(client).files].filter((file) => file !== client)),
  );
  return boundaries.filter((file) => !inside.has(file)).sort();
}

const page = (route: string) => `app/[locale]/${route ? `${route}/` : ""}page.tsx`;

describe("client components", () => {
  it("on every page, from the layout: the links that mark the current page, the language switch, intent prefetch and the error views' strings", () => {
    expect(clientBoundaries("app/[locale]/layout.tsx")).toEqual([
      "components/site/boundary-copy.tsx",
      "components/site/language-switch.tsx",
      "components/site/nav-links.tsx",
      "components/site/prefetch-on-intent.tsx",
    ]);
  });

  it.each(["", "services", "services/[id]", "projects", "projects/[slug]", "blog", "blog/[slug]", "faq"])(
    "none of its own on a page that only shows content (/%s)",
    (route) => {
      expect(clientBoundaries(page(route))).toEqual([]);
    },
  );

  it.each([
    ["contact", ["components/contact/contact-form.tsx", "components/contact/contact-whatsapp.tsx"]],
    ["quote", ["components/quote/quote-calculator.tsx"]],
    ["lab", ["components/lab/units-left.tsx"]],
    // The Lab's pages also say what the running deployment keeps of a use (`records-notice.tsx`), and
    // hydrate their console when the visitor reaches for it (`hydrate-on-intent.tsx`).
    [
      "lab/agent",
      [
        "components/agent/agent-console.tsx",
        "components/lab/hydrate-on-intent.tsx",
        "components/lab/records-notice.tsx",
      ],
    ],
    [
      "lab/assistant",
      ["components/chat/chat-console.tsx", "components/lab/hydrate-on-intent.tsx", "components/lab/records-notice.tsx"],
    ],
    [
      "lab/reviewer",
      [
        "components/lab/hydrate-on-intent.tsx",
        "components/lab/records-notice.tsx",
        "components/review/review-console.tsx",
      ],
    ],
  ])("only what the visitor works with on /%s", (route, expected) => {
    expect(clientBoundaries(page(route))).toEqual(expected);
  });

  it.each(["lab/agent", "lab/assistant", "lab/reviewer"])(
    "on /%s, leave the AI SDK and Markdown to load when the visitor uses the console",
    (route) => {
      // Static imports only: the engines and the answers' renderer are `import()`ed (or `next/dynamic`).
      const { packages } = importsOf(page(route), { dynamic: false });
      expect([...packages].filter((name) => /^(ai$|@ai-sdk\/|react-markdown$)/.test(name))).toEqual([]);
      // …and the dynamic imports do reach them, so the check above looks where they are.
      expect([...importsOf(page(route)).packages]).toContain("@ai-sdk/react");
    },
  );
});

describe("links", () => {
  const sources = ["app", "components"].flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => path.join(dir, file)),
  );

  it("go through components/site/link.tsx, which turns off prefetch on sight", () => {
    const direct = sources.filter(
      (file) =>
        file !== path.join("components", "site", "link.tsx") &&
        /from\s+["']next\/link["']/.test(readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(sources.length).toBeGreaterThan(20);
    expect(direct).toEqual([]);
    expect(readFileSync(path.join(ROOT, "components/site/link.tsx"), "utf8")).toMatch(/prefetch=\{false\}/);
  });
});
