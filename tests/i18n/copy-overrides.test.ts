import { describe, expect, it } from "vitest";
import { dictionaryProblems } from "@/lib/i18n/copy-overrides";

// Guards the whole dictionary a studio writes for a language no dictionary ships: its plural forms
// are its language's own (CLDR's categories), not the reference dictionary's.

const reference = { inbox: { count: { one: "{count} message", other: "{count} messages" }, title: "Inbox" } };

describe("a whole dictionary's plural forms", () => {
  it("are the language's: Japanese writes only other", () => {
    expect(dictionaryProblems(reference, { inbox: { count: { other: "{count}件" }, title: "受信箱" } }, "ja")).toEqual(
      [],
    );
    expect(
      dictionaryProblems(reference, { inbox: { count: { one: "1件", other: "{count}件" }, title: "受信箱" } }, "ja"),
    ).toEqual(['inbox.count.one: not a plural form of "ja" (other)']);
  });

  it("are all the language's: Polish writes one, few, many and other", () => {
    const problems = dictionaryProblems(
      reference,
      { inbox: { count: { one: "{count} wiadomość", other: "{count} wiadomości" }, title: "Skrzynka" } },
      "pl",
    );
    expect(problems).toEqual(["inbox.count.few: missing", "inbox.count.many: missing"]);
  });

  it("keep every placeholder of other but the count", () => {
    expect(dictionaryProblems(reference, { inbox: { count: { other: "件" }, title: "受信箱" } }, "ja")).toEqual([]);
    expect(
      dictionaryProblems(
        { left: { one: "{left} of {count}", other: "{left} of {count}" } },
        { left: { other: "{count}" } },
        "ja",
      ),
    ).toEqual(["left.other: expected the placeholders of left.other"]);
  });
});
