import { describe, expect, it } from "vitest";
import { isRunId, newRunId } from "@/lib/lab/records";

describe("run ids", () => {
  it("are 128 random bits in base64url, never the same twice", () => {
    const ids = Array.from({ length: 2000 }, newRunId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // 22 characters of 64 carry 132 bits; the last one carries 2 of the 128 (so 4 distinct values).
    expect(new Set(ids.map((id) => id.at(-1))).size).toBeLessThanOrEqual(4);
  });

  it("accepts only that shape", () => {
    expect(isRunId(newRunId())).toBe(true);
    for (const hostile of ["", "a".repeat(21), "a".repeat(23), `${"a".repeat(21)}=`, `${"a".repeat(21)}/`, 42, null]) {
      expect(isRunId(hostile)).toBe(false);
    }
  });
});
