import { ConfigError, config } from "@/lib/config";
import { noticeDeps } from "@/lib/notices/from-config";
import { runNotices } from "@/lib/notices/run";
import { isPlatformFailure, logPlatformFailure } from "@/lib/platform";
import { carriesInternalToken, INTERNAL_TOKEN_HEADER } from "@/lib/site/internal-requests";

export const dynamic = "force-dynamic";

/** The studio's digest and alerts, called only by the server itself (lib/site/internal-requests.ts). */
export async function POST(request: Request): Promise<Response> {
  if (!carriesInternalToken(request.headers.get(INTERNAL_TOKEN_HEADER))) return new Response(null, { status: 404 });
  const settings = config().notices;
  if (settings instanceof ConfigError) {
    console.error(JSON.stringify({ event: "config_error", message: settings.message }));
    return Response.json({ error: { code: "schedule_unavailable" } }, { status: 503 });
  }
  // Off: nothing is read or computed.
  if (!settings.on) return Response.json({ off: true }, { headers: { "Cache-Control": "no-store" } });
  try {
    const run = await runNotices(noticeDeps(settings, request));
    console.info(JSON.stringify({ event: "lab_notices", digest: run.digest, alerts: run.alerts }));
    return Response.json(run, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    // A store or a setting: nothing was marked sent, the next firing tries again.
    if (isPlatformFailure(error)) logPlatformFailure(error);
    else console.error(JSON.stringify({ event: "lab_notices_failed", message: (error as Error).name }));
    return Response.json({ error: { code: "schedule_unavailable" } }, { status: 503 });
  }
}
