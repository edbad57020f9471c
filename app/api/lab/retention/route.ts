import { recordSettings } from "@/lib/lab/records/from-config";

// The setting as this deployment runs it (`LAB_RECORDS_DAYS` is a run-time variable): the Lab's
// pages are static, so they read it here to tell the visitor what is kept.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json(
    { retentionDays: recordSettings().retentionDays },
    { headers: { "Cache-Control": "public, max-age=300" } },
  );
}
