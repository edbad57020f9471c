// @studio demo
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PausedNotice } from "@/components/lab/units-left";
import { getDictionary } from "@/lib/i18n/dictionary";
import { locale } from "@/tests/support/studio";

const en = locale("en");

// What the Lab index says up front when a use's model platform refuses calls for now.
const copy = getDictionary(en).labUses;
const render = (paused: Parameters<typeof PausedNotice>[0]["paused"]) =>
  renderToStaticMarkup(createElement(PausedNotice, { paused, copy }));

describe("the Lab's paused notice", () => {
  it("names every paused use, and the latest time one comes back", () => {
    const html = render({
      agent: { reason: "rate_limited", resetAt: "2026-12-01T14:05:00.000Z" },
      review: { reason: "overloaded", resetAt: "2026-12-01T14:30:00.000Z" },
    });
    expect(html).toContain("The Lab&#x27;s model is busy (agent, reviewer): try again after 14:30 UTC.");
  });

  it("says the day's allocation is used up when any use's is", () => {
    const html = render({
      chat: { reason: "rate_limited", resetAt: "2026-12-01T14:05:00.000Z" },
      agent: { reason: "allocation_exhausted", resetAt: "2026-12-02T00:00:00.000Z" },
    });
    expect(html).toContain("has used up today&#x27;s allocation (assistant, agent): it comes back at 00:00 UTC");
  });

  it("says nothing when no use is paused", () => {
    expect(render({})).toBe("");
  });
});
