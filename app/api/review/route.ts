import { readLabRequest } from "@/lib/api/lab-request";
import { REVIEW_MAX_BODY_BYTES } from "@/lib/review/limits";
import { startReview } from "@/lib/review/start-review";
import { reviewRequestSchema } from "./schema";

// Streams: a static route would be buffered and sent all at once.
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const body = await readLabRequest(request, reviewRequestSchema, { maxBytes: REVIEW_MAX_BODY_BYTES });
  if (body instanceof Response) return body;
  return startReview(request, body.data);
}
