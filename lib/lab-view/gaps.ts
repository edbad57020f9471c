import { isStopWord } from "@/lib/i18n/words";
import { type WordForm, wordFormsOf } from "./words";

/** A goal or question the Lab had nothing for: its record, its language and the visitor's words. */
export type Gap = { id: string; language: string; text: string };

/** One word of the gaps: how many gaps say it, and the newest of them. */
export type GapGroup = { word: string; count: number; gaps: Gap[] };

export const GAP_LIMITS = { groups: 30, examples: 5 } as const;

// A plural or a gender is a word plus an ending of a letter or two ("tiendas", "stores",
// "Bäckereien"): one group for both, named by the shorter. Four letters at least, so that short
// words don't swallow others.
const MAX_ENDING = 2;
const MIN_BASE = 4;
const LETTERS = /^\p{L}+$/u;

function baseOf(key: string, keys: ReadonlySet<string>): string {
  const letters = [...key];
  for (let cut = MAX_ENDING; cut >= 1; cut -= 1) {
    if (letters.length - cut < MIN_BASE) continue;
    const base = letters.slice(0, -cut).join("");
    if (keys.has(base) && LETTERS.test(letters.slice(-cut).join(""))) return base;
  }
  return key;
}

/** The spelling most gaps used for a group (ties: the first met). */
function label(spellings: Map<string, number>): string {
  let best = "";
  let most = 0;
  for (const [surface, count] of spellings) {
    if (count > most) [best, most] = [surface, count];
  }
  return best;
}

/**
 * The gaps grouped by the words they share, most said first, so the studio reads "pet shop: 7"
 * rather than seven sentences. `gaps` come newest first; each group keeps its newest examples.
 * A gap counts once per word however often it repeats it; the language's common words don't count.
 */
export function groupGaps(gaps: readonly Gap[], stopWords: (language: string) => ReadonlySet<string>): GapGroup[] {
  const wordsOfGap = gaps.map((gap) => {
    const stop = stopWords(gap.language);
    return wordFormsOf(gap.text, gap.language).filter((form) => !isStopWord(form.key, stop));
  });
  const keys = new Set(wordsOfGap.flat().map((form) => form.key));
  type Group = { gaps: Gap[]; count: number; spellings: Map<string, number> };
  const groups = new Map<string, Group>();
  wordsOfGap.forEach((forms: WordForm[], index) => {
    const gap = gaps[index] as Gap;
    const seen = new Set<string>();
    for (const { key, surface } of forms) {
      const base = baseOf(key, keys);
      const group: Group = groups.get(base) ?? { gaps: [], count: 0, spellings: new Map() };
      groups.set(base, group);
      if (key === base) group.spellings.set(surface, (group.spellings.get(surface) ?? 0) + 1);
      if (seen.has(base)) continue;
      seen.add(base);
      group.count += 1;
      if (group.gaps.length < GAP_LIMITS.examples) group.gaps.push(gap);
    }
  });
  return [...groups]
    .map(([base, group]) => ({ word: label(group.spellings) || base, count: group.count, gaps: group.gaps }))
    .sort((a, b) => b.count - a.count || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    .slice(0, GAP_LIMITS.groups);
}
