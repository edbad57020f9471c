import { describe, expect, it } from "vitest";
import { factsOf, isGap } from "@/lib/lab-view/facts";
import { agentRecord, chatRecord, done } from "./record-fixtures";

describe("what the studio's pages read of a record", () => {
  it("a served run is no gap; its words and answer are searched", () => {
    const facts = factsOf(agentRecord({ goal: "my goal", answer: "the answer" }));
    expect(facts).toMatchObject({
      kind: "agent",
      reason: "answered",
      noService: false,
      searchEmpty: false,
      led: false,
    });
    expect(facts.text).toContain("my goal");
    expect(facts.text).toContain("the answer");
    expect(isGap(facts)).toBe(false);
  });

  it("a run whose every search found nothing, or that fit no service, is a gap", () => {
    expect(factsOf(agentRecord({ results: 0 }))).toMatchObject({ searchEmpty: true });
    // A run that read its service and answered without its price is its own outcome, and a gap.
    const unpriced = factsOf(agentRecord({ read: true, served: false }));
    expect(unpriced).toMatchObject({ reason: "unpriced", noService: false });
    expect(isGap(unpriced)).toBe(true);
    expect(factsOf(agentRecord({ read: true }))).toMatchObject({ reason: "answered", noService: false });
    // A limit that ended it says so still.
    expect(factsOf(agentRecord({ read: true, served: false, done: done({ reason: "token_budget" }) })).reason).toBe(
      "token_budget",
    );
    expect(factsOf(agentRecord({ served: false }))).toMatchObject({ noService: true, searchEmpty: false });
    // A run cut off before its end says nothing about the site.
    const cut = { ...agentRecord({ served: false }), done: null, stopped: true };
    expect(factsOf(cut)).toMatchObject({ noService: false, reason: "cut" });
  });

  it("flags, messages and neurons come from the record's data-done and lead", () => {
    const flagged = done({ unverifiedAmounts: [{ value: 5, currency: null, raw: "5" }] });
    const record = { ...agentRecord({ done: flagged }), leadId: "lead-1" };
    expect(factsOf(record)).toMatchObject({ flagged: true, led: true, neurons: 42.5 });
  });

  it("a chat question the site's search finds nothing for is a gap", () => {
    expect(factsOf(chatRecord("zzqx vvbn wwpt"))).toMatchObject({ kind: "chat", searchEmpty: true });
  });

  it("a record with broken parts reads as having none", () => {
    const record = agentRecord();
    (record as { message: unknown }).message = { parts: "not parts" };
    expect(factsOf(record)).toMatchObject({ searchEmpty: false, noService: true });
  });
});
