import "server-only";
import { backgroundTasks, platform } from "@/lib/config";
import { recordSettings, recordStoreFor } from "./from-config";
import type { Recording } from "./record-use";

/**
 * Where this request's use is recorded, or null when nothing is kept (`LAB_RECORDS_DAYS=0`) or the
 * settings can't say (then one log line; the use goes on unrecorded).
 */
export function labRecording(): Recording | null {
  try {
    const limits = recordSettings();
    if (limits.retentionDays <= 0) return null;
    return { store: recordStoreFor(platform(), limits), limits, background: backgroundTasks() };
  } catch (error) {
    console.error(
      JSON.stringify({ event: "lab_record_failed", errorName: (error as Error).name, errorMessage: "settings" }),
    );
    return null;
  }
}
