import { describe, expect, it } from "vitest";
import { parseRecord } from "@/lib/lab/records/parse";
import { recordBytes, trimRecord } from "@/lib/lab/records/trim";
import { agentRecord, reviewRecord } from "./record-fixtures";

// Guards the size cap: a record over it is cut to fit, longest strings first, says so, and still
// reads back as a record with its verdict.

describe("trimRecord", () => {
  it("leaves a record under the cap as it is", () => {
    const record = agentRecord();
    expect(trimRecord(record, 24_576)).toBe(record);
  });

  it("cuts the longest strings until the record fits, and marks it", () => {
    const record = reviewRecord(Date.now(), `${"const line = 'a long line of code';\n".repeat(800)}`);
    expect(recordBytes(record)).toBeGreaterThan(24_576);
    const trimmed = trimRecord(record, 8_192);
    expect(recordBytes(trimmed)).toBeLessThanOrEqual(8_192);
    expect(trimmed.trimmed).toBe(true);
    expect(trimmed.kind === "review" && trimmed.input.code.endsWith("…")).toBe(true);
    expect(trimmed.done).toEqual(record.done);
    expect(parseRecord(JSON.stringify(trimmed), null)).toEqual(trimmed);
    // The original is untouched.
    expect(record.trimmed).toBe(false);
  });

  it("cuts emoji whole", () => {
    const record = agentRecord(Date.now(), "🙂".repeat(20_000));
    const trimmed = trimRecord(record, 4_096);
    expect(recordBytes(trimmed)).toBeLessThanOrEqual(4_096);
    expect(trimmed.kind === "agent" && /^(?:🙂)+…$/u.test(trimmed.input.goal)).toBe(true);
  });

  it("keeps the run id and verdict of a record of many short parts", () => {
    const record = agentRecord();
    const many = Array.from({ length: 2000 }, (_, i) => ({ type: "text", text: `part ${i}`, state: "done" }));
    record.message.parts = [...record.message.parts, ...many] as typeof record.message.parts;
    const trimmed = trimRecord(record, 4_096);
    expect(recordBytes(trimmed)).toBeLessThanOrEqual(4_096);
    expect(trimmed.message.parts.map((part) => part.type)).toEqual(["data-run", "data-done"]);
  });
});
