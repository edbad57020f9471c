import { unitsLeftResponse } from "@/lib/lab/units-left";

// Per visitor and per moment: never cached or prerendered.
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  return unitsLeftResponse(request);
}
