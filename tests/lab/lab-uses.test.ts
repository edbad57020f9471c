import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LAB_UNIT_COSTS, LAB_USE_KINDS, OFFLINE_MODELS } from "@/lib/lab-uses";
import { PAUSE_REASONS } from "@/lib/quota/types";
import { ROOT } from "@/tests/support/import-graph";

// The Lab's uses are one table (lib/lab-uses.ts): its kinds, unit costs and offline model names
// are derived from it, and no other module spells the list of uses out again. Nor the reasons a
// model's platform pauses (lib/quota/types.ts).

/** A union (`"a" | "b" | "c"`) or a list (`["a", "b", "c"]`) of these three names, in any order. */
function spelledOut(names: readonly string[]): RegExp {
  const one = `["'](?:${names.join("|")})["']`;
  return new RegExp(`${one}\\s*(?:\\||,)\\s*${one}\\s*(?:\\||,)\\s*${one}`);
}

const spelledOutOutside = (names: readonly string[], home: string) =>
  sources().filter((file) => file !== home && spelledOut(names).test(readFileSync(path.join(ROOT, file), "utf8")));

function sources(): string[] {
  return ["lib", "components", "app"].flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .filter((entry) => /\.tsx?$/.test(entry))
      .map((entry) => path.join(folder, entry)),
  );
}

describe("the Lab's uses", () => {
  it("cost what the Lab index and the quota say, each answering offline under its own name", () => {
    // An agent run counts as two units of the shared quota, a chat message and a review as one.
    expect(LAB_UNIT_COSTS).toEqual({ agent: 2, chat: 1, review: 1 });
    expect(OFFLINE_MODELS.size).toBe(LAB_USE_KINDS.length);
  });

  it("are listed only in the table", () => {
    expect(spelledOutOutside(LAB_USE_KINDS, path.join("lib", "lab-uses.ts"))).toEqual([]);
  });

  it("pause for reasons listed only in the quota's types", () => {
    expect(spelledOutOutside(PAUSE_REASONS, path.join("lib", "quota", "types.ts"))).toEqual([]);
  });
});
