import { serveLabUse } from "@/lib/lab/run-use";
import { REVIEW_MAX_BODY_BYTES } from "@/lib/review/limits";
import { reviewUse } from "@/lib/review/run-review";
import { reviewRequestSchema } from "./schema";

// Streams: a static route would be buffered and sent all at once.
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  return serveLabUse(request, reviewRequestSchema, reviewUse, { maxBytes: REVIEW_MAX_BODY_BYTES });
}
