import "server-only";
import { apiError } from "@/lib/api/errors";
import { labRecordStore } from "./from-config";
import { isRunId } from "./id";
import type { LabRecordStore } from "./store";
import type { LabRecord, VisitorRun } from "./types";

/**
 * What a visitor reopening a run gets: what that visitor was shown (the message exactly as sent,
 * its `data-done` included) and their own words as kept (redacted). Not the studio's fields: the
 * duration, the use's counts, the lead it led to.
 */
function visitorRun(record: LabRecord): VisitorRun {
  const { id, kind, at, locale, stopped, trimmed, input, message } = record;
  return { id, kind, at, locale, stopped, trimmed, input, message } as VisitorRun;
}

/**
 * `GET /api/lab/run?id=<run id>`: a finished agent run from its record, spending nothing (no
 * quota, no model). 400 for an id of another shape, 404 for one that isn't kept (unknown, expired,
 * past the day's cap, or another use), 503 when the records can't be read.
 */
export async function visitorRunResponse(request: Request, store?: LabRecordStore): Promise<Response> {
  const id = new URL(request.url).searchParams.get("id");
  if (!isRunId(id)) return apiError("invalid_run_id", "That is not the address of a Lab run.");
  let record: LabRecord | null;
  try {
    record = await (store ?? labRecordStore()).get(id);
  } catch (error) {
    console.error(JSON.stringify({ event: "lab_record_read_failed", errorName: (error as Error).name }));
    return apiError("records_unavailable", "The Lab's runs can't be read right now. Please try again later.");
  }
  if (record?.kind !== "agent") return apiError("run_not_kept", "This run is not kept: it expired, or never was.");
  return Response.json({ run: visitorRun(record) }, { headers: { "Cache-Control": "no-store" } });
}
