import { agentUse } from "@/lib/agent/run-agent";
import { serveLabUse } from "@/lib/lab/run-use";
import { agentRequestSchema } from "./schema";

// Streams: a static route would be buffered and sent all at once.
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  return serveLabUse(request, agentRequestSchema, agentUse);
}
