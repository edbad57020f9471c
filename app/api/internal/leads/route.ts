import { config, platform } from "@/lib/config";
import { runLeadSchedule } from "@/lib/contact/schedule";
import { leadTransport } from "@/lib/contact/settings";
import { contactStoreFor } from "@/lib/contact/store";
import { carriesInternalToken, INTERNAL_TOKEN_HEADER } from "@/lib/site/internal-requests";
import { publicOrigin } from "@/lib/site/metadata";

export const dynamic = "force-dynamic";

/** The leads' schedule, called only by the server itself (lib/site/internal-requests.ts). */
export async function POST(request: Request): Promise<Response> {
  if (!carriesInternalToken(request.headers.get(INTERNAL_TOKEN_HEADER))) return new Response(null, { status: 404 });
  try {
    const run = await runLeadSchedule({
      store: contactStoreFor(platform()),
      transport: leadTransport(config().contact, { origin: publicOrigin(request.headers) }),
    });
    console.info(JSON.stringify({ event: "leads_schedule", ...run }));
    return Response.json(run, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    // The settings or the store: nothing was lost, the next run tries again.
    console.error(JSON.stringify({ event: "leads_schedule_failed", message: (error as Error).name }));
    return Response.json({ error: { code: "schedule_unavailable" } }, { status: 503 });
  }
}
