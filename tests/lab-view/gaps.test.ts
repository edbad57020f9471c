import { describe, expect, it } from "vitest";
import { GAP_LIMITS, type Gap, groupGaps } from "@/lib/lab-view/gaps";

// A German fixture of its own: the grouping reads the gap's language, not the studio's.
const STOP = new Set(["ich", "eine", "für", "meine", "fur", "was", "kostet", "und", "ein"]);
const stop = (language: string) => (language === "de" ? STOP : new Set<string>());
const gap = (id: string, text: string, language = "de"): Gap => ({ id, language, text });

describe("the gaps report", () => {
  it("groups by shared words, most said first, a gap once per word", () => {
    const groups = groupGaps(
      [
        gap("a", "Eine Website für meine Bäckerei, Bäckerei!"),
        gap("b", "Was kostet ein Shop für meine BÄCKEREI?"),
        gap("c", "Ich brauche einen Shop"),
      ],
      stop,
    );
    expect(groups.slice(0, 2).map(({ word, count }) => [word, count])).toEqual([
      ["bäckerei", 2],
      ["shop", 2],
    ]);
    expect(groups[0]?.gaps.map((g) => g.id)).toEqual(["a", "b"]);
    // The language's common words never make a group.
    expect(groups.map((g) => g.word)).not.toContain("für");
  });

  it("puts a plural or a gender with its word, named as most visitors spelt it", () => {
    const groups = groupGaps(
      [
        gap("a", "tiendas de mascotas", "es"),
        gap("b", "una tienda de ropa", "es"),
        gap("c", "Tienda online", "es"),
        gap("d", "Bäckereien", "de"),
        gap("e", "Bäckerei", "de"),
      ],
      stop,
    );
    const byWord = Object.fromEntries(groups.map((g) => [g.word, g.count]));
    expect(byWord.tienda).toBe(3);
    expect(byWord.tiendas).toBeUndefined();
    expect(byWord.bäckerei).toBe(2);
  });

  it("doesn't fold short words into others", () => {
    const groups = groupGaps([gap("a", "app apps", "en"), gap("b", "apple", "en")], stop);
    expect(groups.map((g) => g.word).sort()).toEqual(["app", "apple", "apps"]);
  });

  it("keeps the newest few examples and a bounded number of groups", () => {
    const many = Array.from({ length: 40 }, (_, i) => gap(`g${i}`, `pet word${i}`, "en"));
    const groups = groupGaps(many, stop);
    expect(groups).toHaveLength(GAP_LIMITS.groups);
    expect(groups[0]).toMatchObject({ word: "pet", count: 40 });
    expect(groups[0]?.gaps.map((g) => g.id)).toEqual(["g0", "g1", "g2", "g3", "g4"]);
  });

  it("has nothing to say of nothing", () => {
    expect(groupGaps([], stop)).toEqual([]);
    expect(groupGaps([gap("a", "¿? 2025 !!", "es")], stop)).toEqual([]);
  });
});
