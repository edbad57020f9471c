// Guards the studio's emails as it reads them: in the language asked for (the studio's default,
// any language the site has), every count in the language's own words and plural forms, every item
// linked to its page in the Lab view on the site's origin, and a record's words (hostile content)
// quoted on one line in the text and escaped in the HTML.
import { describe, expect, it } from "vitest";
import { SITE } from "@/lib/content/site";
import { LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { plural } from "@/lib/i18n/plural";
import { studioPaths } from "@/lib/lab-view/paths";
import { dayTotals } from "@/lib/lab-view/totals";
import { composeAlert, composeDigest } from "@/lib/notices/compose";
import type { DigestFacts } from "@/lib/notices/digest-facts";

const ORIGIN = "https://studio.example";
const HOSTILE = 'a <script>alert("x")</script> shop\nSubject: free & "quoted"\u202e';

function facts(): DigestFacts {
  const use = (kind: string, reason: string, extra: Partial<{ flagged: boolean; led: boolean }> = {}) => ({
    kind,
    reason,
    neurons: 120,
    flagged: false,
    led: false,
    ...extra,
  });
  const uses = [
    use("agent", "answered", { led: true }),
    use("agent", "answered"),
    use("agent", "model_error"),
    use("chat", "answered", { flagged: true }),
    use("review", "answered"),
  ];
  return {
    day: "2026-12-01",
    from: Date.parse("2026-12-01T05:00:00Z"),
    to: Date.parse("2026-12-02T05:00:00Z"),
    totals: dayTotals(uses),
    kinds: [
      {
        kind: "agent",
        uses: 3,
        verdicts: [
          ["answered", 2],
          ["model_error", 1],
        ],
      },
      { kind: "chat", uses: 1, verdicts: [["answered", 1]] },
      { kind: "review", uses: 1, verdicts: [["answered", 1]] },
    ],
    gaps: [{ words: HOSTILE, count: 2, runId: "GapRunId0000000000000A" }],
    flagged: [{ id: "FlaggedRun000000000000B", kind: "chat", at: "2026-12-01T18:30:00.000Z" }],
    leads: [
      {
        id: "lead-1",
        name: "Marta <b>Ríos</b>",
        receivedAt: "2026-12-01T16:05:00.000Z",
        runId: "LeadRun000000000000000C",
        sent: false,
      },
    ],
    notKept: 0,
    refused: { units: 7, addresses: 3 },
  };
}

describe.each(LOCALES.slice(0, 2))("the digest in %s", (locale) => {
  const words = getDictionary(locale).notices.digest;
  const view = getDictionary(locale).labView;
  const email = composeDigest(facts(), { locale, origin: ORIGIN });

  it("counts the day's uses by kind and ending, in the language's words", () => {
    expect(email.subject).toContain(SITE.studio.name);
    expect(email.subject).toContain(plural(words.uses, 5, locale));
    // The line as the language writes it ("Agent: 3 uses", "Agent : 3 utilisations").
    const line = fill(words.kindLine, { kind: view.kinds.agent, uses: plural(words.uses, 3, locale), verdicts: "" });
    expect(email.text).toContain(line.slice(0, line.indexOf("(")).trimEnd());
    expect(email.text).toContain(`${view.verdicts.model_error} 1`);
    expect(email.text).toContain(
      fill(words.refused, { units: plural(words.units, 7, locale), addresses: plural(words.addresses, 3, locale) }),
    );
  });

  it("links every item to its page in the Lab view on the site's origin", () => {
    for (const path of [
      studioPaths.run(locale, "GapRunId0000000000000A"),
      studioPaths.run(locale, "FlaggedRun000000000000B"),
      studioPaths.run(locale, "LeadRun000000000000000C"),
      studioPaths.lead(locale, "lead-1"),
      studioPaths.gaps(locale, "2026-12-01"),
      `${studioPaths.uses(locale, "2026-12-01")}&use=agent`,
    ]) {
      expect(email.text).toContain(`${ORIGIN}${path}\n`);
      expect(email.html).toContain(`href="${`${ORIGIN}${path}`.replaceAll("&", "&amp;")}"`);
    }
  });

  it("quotes a record's words on one line, without control or format characters, and escapes them in the HTML", () => {
    expect(email.text).toContain('a <script>alert("x")</script> shop Subject: free & "quoted"');
    expect(email.text).not.toContain("\nSubject:");
    expect(email.text).not.toContain("\u202e");
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<b>");
    expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(email.html).toContain("Marta &lt;b&gt;Ríos&lt;/b&gt;");
  });
});

describe("the alerts", () => {
  const locale = LOCALES[0];
  const words = getDictionary(locale).notices.alert;
  it.each([
    [{ kind: "failing", failed: 4, recent: 6, pausedUntil: null }, "failing"],
    [{ kind: "units", used: 120, limit: 120, resetAt: "2026-12-03T00:00:00.000Z" }, "units"],
    [{ kind: "bot", units: 80, addresses: 31 }, "bot"],
    [{ kind: "leads", unsent: 2 }, "leads"],
  ] as const)("%o says what happened and links to where to see it", (alert, kind) => {
    const email = composeAlert(alert, { locale, origin: ORIGIN, nowMs: Date.parse("2026-12-02T15:00:00Z") });
    expect(email.subject).toBe(fill(words.subject, { studio: SITE.studio.name, what: words.what[kind] }));
    expect(email.text).toContain(`${ORIGIN}/${locale}/inbox`);
    expect(email.text).toContain(words.once);
  });
});
