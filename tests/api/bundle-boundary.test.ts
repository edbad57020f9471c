import { describe, expect, it } from "vitest";
import { importsOf } from "@/tests/support/import-graph";

// Guards the Worker's size: Next bundles each route with its own copy of what it imports, so the
// AI SDK (~590 KB raw a copy) must stay out of the routes that don't stream a model: the units-left
// and model-label endpoints, the contact form, the studio's inbox and its Lab pages. One import of a
// module that streams (lib/lab/units.ts sits beside several) costs ~226 KiB gzip.

const packagesOf = (entry: string) => importsOf(entry).packages;

describe("what the routes that don't stream a model bundle", () => {
  it.each([
    "app/api/lab/units/route.ts",
    "app/api/lab/models/route.ts",
    "lib/contact/actions.ts",
    "lib/contact/inbox-actions.ts",
    "app/[locale]/inbox/page.tsx",
    "app/[locale]/inbox/lab/page.tsx",
    "app/[locale]/inbox/lab/[id]/page.tsx",
    "app/[locale]/inbox/lab/gaps/page.tsx",
  ])("%s pulls in no AI SDK", (entry) => {
    const packages = [...packagesOf(entry)];
    expect(packages.length).toBeGreaterThan(0);
    expect(packages.filter((name) => name === "ai" || name.startsWith("@ai-sdk/"))).toEqual([]);
  });

  it("the agent's route does (the walk sees through the project's imports)", () => {
    expect(packagesOf("app/api/agent/route.ts").has("ai")).toBe(true);
  });
});
