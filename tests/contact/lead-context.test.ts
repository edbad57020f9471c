// @studio demo
// Guards the context a contact link carries: ids and the visitor's goal travel, never amounts; the
// page drops and reports unknown ids; the server refuses them and recomputes the range from the
// ids alone; a goal can't break out of the query or the Markdown link that holds it.
import { describe, expect, it } from "vitest";
import {
  contactPathWith,
  LEAD_GOAL_MAX_LENGTH,
  LeadContextError,
  parseLeadContext,
  readLeadContext,
  shortGoal,
} from "@/lib/contact/lead-context";
import { estimateQuote } from "@/lib/quote/estimate";

const query = (path: string) => Object.fromEntries(new URL(path, "https://site.example").searchParams);

describe("the contact link's context", () => {
  it("round-trips ids and goal through the URL", () => {
    const path = contactPathWith("/es/contact", {
      source: "agent",
      goal: "Una tienda (con pagos) para mi panadería] [x](https://evil.example)",
      serviceId: "website-with-blog",
      extraIds: ["photo-session", "online-payments"],
    });
    expect(path).toMatch(
      /^\/es\/contact\?from=agent&service=website-with-blog&extras=photo-session,online-payments&goal=/,
    );
    // Nothing in the query can close a Markdown link or start another.
    expect(path.slice(path.indexOf("?"))).not.toMatch(/[()[\]<> ]/);
    const { context, problems } = readLeadContext(query(path));
    expect(problems).toEqual([]);
    expect(context).toEqual({
      source: "agent",
      goal: "Una tienda (con pagos) para mi panadería] [x](https://evil.example)",
      serviceId: "website-with-blog",
      extraIds: ["photo-session", "online-payments"],
    });
  });

  it("carries no amount: the query holds ids and words only", () => {
    const path = contactPathWith("/en/contact", {
      source: "quote",
      serviceId: "online-store",
      extraIds: ["inventory-sync"],
    });
    const estimate = estimateQuote({ serviceId: "online-store", extraIds: ["inventory-sync"] });
    expect(Object.keys(query(path)).sort()).toEqual(["extras", "from", "service"]);
    expect(path).not.toContain(String(estimate.price.min));
    expect(path).not.toContain(String(estimate.price.max));
  });

  it("keeps the longest contact link short enough for an answer to hold, whatever the goal's script", () => {
    for (const unit of ["palabra ", "ñandú ", "🍞 ", "面包店 ", "a"]) {
      const path = contactPathWith("/es/contact", {
        source: "agent",
        goal: unit.repeat(200),
        serviceId: "website-with-blog",
        extraIds: ["online-payments", "photo-session", "seo-setup"].slice(0, 2),
      });
      expect(path.length, unit).toBeLessThanOrEqual(300);
      const goal = new URL(path, "https://site.example").searchParams.get("goal") ?? "";
      expect(goal.endsWith("…"), unit).toBe(true);
      // No lone surrogate: an emoji is never cut in half.
      expect(goal, unit).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
  });

  it("shortens a long goal at a word, on one line", () => {
    const goal = `${"palabra ".repeat(60)}\n\u200Bfin`;
    const short = shortGoal(goal);
    expect(short.length).toBeLessThanOrEqual(LEAD_GOAL_MAX_LENGTH);
    expect(short).toMatch(/palabra…$/);
    expect(short).not.toMatch(/[\n\u200B]/);
  });

  it("on the page: drops and reports unknown ids; no `from`, no context", () => {
    expect(readLeadContext({ from: "quote", service: "landing-page", extras: "seo-setup,copywriting" })).toEqual({
      context: { source: "quote", serviceId: "landing-page", extraIds: ["copywriting"] },
      problems: [{ code: "unknown_extra", id: "seo-setup" }],
    });
    expect(readLeadContext({ from: "quote", service: "spaceship" })).toEqual({
      context: { source: "quote", extraIds: [] },
      problems: [{ code: "unknown_service", id: "spaceship" }],
    });
    expect(readLeadContext({ service: "landing-page" })).toEqual({ context: null, problems: [] });
  });

  it("on the server: recomputes the estimate from the ids and refuses what the page never posts", () => {
    const expected = estimateQuote({ serviceId: "landing-page", extraIds: ["copywriting"] });
    expect(parseLeadContext({ from: "quote", service: "landing-page", extras: "copywriting" })).toEqual({
      context: { source: "quote", serviceId: "landing-page", extraIds: ["copywriting"] },
      estimate: {
        serviceId: "landing-page",
        extraIds: ["copywriting"],
        currency: expected.currency,
        price: expected.price,
        weeks: expected.weeks,
      },
    });
    expect(parseLeadContext({})).toBeNull();
    expect(parseLeadContext({ from: "agent", goal: "Una app" })).toEqual({
      context: { source: "agent", goal: "Una app", extraIds: [] },
      estimate: null,
    });
    for (const [bad, reason] of [
      [{ from: "quote", service: "spaceship" }, "unknown_service"],
      [{ from: "quote", service: "landing-page", extras: "seo-setup" }, "unknown_extra"],
      [{ from: "quote", extras: "copywriting" }, "extras_without_service"],
      [{ from: "admin" }, "unknown_source"],
      [{ service: "landing-page" }, "unknown_source"],
    ] as const) {
      expect(() => parseLeadContext(bad), JSON.stringify(bad)).toThrow(new LeadContextError(reason));
    }
  });
});
