import { startAgentRun } from "@/lib/agent/start-run";
import { apiError, readJsonBody } from "@/lib/api/errors";
import { agentRequestSchema } from "./schema";

// Streams: a static route would be buffered and sent all at once.
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const body = await readJsonBody(request);
  if (body instanceof Response) return body;
  const parsed = agentRequestSchema.safeParse(body.value);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");
    return apiError("invalid_body", `Invalid request: ${detail}.`);
  }
  return startAgentRun(request, parsed.data);
}
