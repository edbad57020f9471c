export const dynamic = "force-dynamic";

/** Which runtime served the request: `workerd` on Cloudflare (and in `npm run preview`), else `node`. */
function runtimeName(): "workerd" | "node" {
  return globalThis.navigator?.userAgent === "Cloudflare-Workers" ? "workerd" : "node";
}

export function GET(): Response {
  return Response.json({ ok: true, runtime: runtimeName() }, { headers: { "Cache-Control": "no-store" } });
}
