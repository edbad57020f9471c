import { onWorkers } from "@/lib/platform/client-ip";

export const dynamic = "force-dynamic";

/** Which runtime served the request: `workerd` on Cloudflare (and in `npm run preview`), else `node`. */
export function GET(): Response {
  const runtime = onWorkers() ? "workerd" : "node";
  return Response.json({ ok: true, runtime }, { headers: { "Cache-Control": "no-store" } });
}
