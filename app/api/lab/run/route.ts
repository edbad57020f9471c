import { visitorRunResponse } from "@/lib/lab/records/visitor-run";

// A record read per request: never cached or prerendered.
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  return visitorRunResponse(request);
}
