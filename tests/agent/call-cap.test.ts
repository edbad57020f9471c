import { describe, expect, it } from "vitest";
import { checkedUsage } from "@/lib/agent/call-cap";

// The cap hands the SDK only counts it can add: a provider's usage strings would be concatenated.
describe("checkedUsage", () => {
  it("keeps finite non-negative counts and drops everything else", () => {
    const usage = checkedUsage({
      inputTokens: { total: "0900", noCache: -3, cacheRead: Number.POSITIVE_INFINITY, cacheWrite: 12.2 },
      outputTokens: { total: Number.NaN, text: 40, reasoning: { n: 1 } },
    });
    expect(usage).toEqual({
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: 13 },
      outputTokens: { total: undefined, text: 40, reasoning: undefined },
    });
  });

  it("reads no usage at all as unknown", () => {
    expect(checkedUsage(null).inputTokens.total).toBeUndefined();
    expect(checkedUsage("garbage").outputTokens.total).toBeUndefined();
  });
});
