import { describe, expect, it } from "vitest";
import { memoryRecordStore, newRunId } from "@/lib/lab/records";
import { visitorRunResponse } from "@/lib/lab/records/visitor-run";
import { agentRecord, chatRecord } from "./record-fixtures";

// Guards a run's own address: an agent run reopens from its record with what its visitor saw and
// none of the studio's fields; an id of another shape is a 400, one not kept a 404.

const ask = (id: string) => new Request(`http://localhost/api/lab/run?id=${encodeURIComponent(id)}`);

describe("GET /api/lab/run", () => {
  it("gives a kept agent run as its visitor saw it, without the studio's fields", async () => {
    const store = memoryRecordStore();
    const record = agentRecord();
    await store.put(record);
    await store.linkLead(record.id, "lead-1");
    const response = await visitorRunResponse(ask(record.id), store);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { run } = (await response.json()) as { run: Record<string, unknown> };
    expect(run).toEqual({
      id: record.id,
      kind: "agent",
      at: record.at,
      locale: record.locale,
      stopped: false,
      trimmed: false,
      input: record.input,
      message: record.message,
    });
  });

  it.each(["", "short", `${newRunId()}x`, "../../inbox"])("answers %j with 400 invalid_run_id", async (id) => {
    const response = await visitorRunResponse(ask(id), memoryRecordStore());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_run_id" } });
  });

  it("answers a run it doesn't keep, or a chat's record, with 404 run_not_kept", async () => {
    const store = memoryRecordStore();
    const chat = chatRecord();
    await store.put(chat);
    for (const id of [newRunId(), chat.id]) {
      const response = await visitorRunResponse(ask(id), store);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "run_not_kept" } });
    }
  });

  it("answers 503 when the records can't be read", async () => {
    const store = { ...memoryRecordStore(), get: () => Promise.reject(new Error("down")) };
    const response = await visitorRunResponse(ask(newRunId()), store);
    expect(response.status).toBe(503);
  });
});
