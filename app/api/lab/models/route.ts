import { modelLabelsResponse } from "@/lib/lab/model-labels";

// What answers depends on the Worker's bindings and the host addressed: known per request only.
export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  return modelLabelsResponse(request);
}
