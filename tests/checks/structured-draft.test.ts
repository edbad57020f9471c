import { describe, expect, it } from "vitest";
import { draftWithin } from "@/lib/checks/structured-draft";
import { REVIEW_LIMITS } from "@/lib/review/limits";
import { reviewOutputSchema } from "@/lib/review/output";

// Guards the reviewer's streamed drafts: before the schema validates the final review, no draft
// the page shows holds a property the schema doesn't have, a severity it doesn't list (one still
// being written waits until it is whole), more findings than it allows, a string past its limit,
// or half of a character written as a surrogate pair.

type Draft = { summary?: string; findings?: Record<string, unknown>[]; [key: string]: unknown };
const within = (draft: Draft) => draftWithin(reviewOutputSchema, draft) as Draft;

describe("a reviewer draft, as the page gets it", () => {
  it("keeps no property the schema doesn't have, at the top or in a finding", () => {
    const draft = within({
      summary: "Ok",
      injected: "<img src=x>",
      findings: [{ severity: "high", title: "t", html: "<script>", line: 1 }],
    });
    expect(draft).toEqual({ summary: "Ok", findings: [{ severity: "high", title: "t", line: 1 }] });
  });

  it.each(["hig", "critical", "HIGH", ""])("holds back a severity the schema doesn't list: %j", (severity) => {
    expect(within({ findings: [{ severity, title: "t" }] }).findings?.[0]).toEqual({ title: "t" });
  });

  it("keeps a listed severity", () => {
    expect(within({ findings: [{ severity: "medium" }] }).findings?.[0]).toEqual({ severity: "medium" });
  });

  it("cuts a string at its limit, never inside a surrogate pair", () => {
    const emoji = "\u{1F600}";
    const max = reviewOutputSchema.shape.summary.maxLength ?? 0;
    const summary = `${"a".repeat(max - 1)}${emoji}tail`;
    const cut = within({ summary }).summary ?? "";
    expect(cut).toBe("a".repeat(max - 1));
    expect(cut).not.toMatch(/[\ud800-\udbff]$/);
    expect(within({ summary: `${"a".repeat(max - 2)}${emoji}tail` }).summary).toBe(`${"a".repeat(max - 2)}${emoji}`);
  });

  it("keeps no more findings than the schema allows", () => {
    const findings = Array.from({ length: REVIEW_LIMITS.maxFindings + 3 }, () => ({ title: "t" }));
    expect(within({ findings }).findings).toHaveLength(REVIEW_LIMITS.maxFindings);
  });
});
