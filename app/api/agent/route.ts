import { startAgentRun } from "@/lib/agent/start-run";
import { readLabRequest } from "@/lib/api/lab-request";
import { agentRequestSchema } from "./schema";

// Streams: a static route would be buffered and sent all at once.
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const body = await readLabRequest(request, agentRequestSchema);
  if (body instanceof Response) return body;
  return startAgentRun(request, body.data);
}
