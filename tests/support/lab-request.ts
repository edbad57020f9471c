import { afterAll, beforeAll, vi } from "vitest";
import type { AgentModel } from "@/lib/ai/providers";
import { quotaFromEnv } from "@/lib/quota";
import { type Script, scriptedModel } from "./scripted-model";

/**
 * Who the visitor is: `CF-Connecting-IP` on Workers, elsewhere the header `TRUSTED_IP_HEADER`
 * names. Tests send both and trust `x-real-ip` for the file (`trustVisitorHeader`).
 */
export function visitor(ip: string): Record<string, string> {
  return { "cf-connecting-ip": ip, "x-real-ip": ip };
}

/** Registers, for the calling test file, `TRUSTED_IP_HEADER=x-real-ip` as the servers run it off Workers. */
export function trustVisitorHeader(): void {
  beforeAll(() => {
    vi.stubEnv("TRUSTED_IP_HEADER", "x-real-ip");
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });
}

/** A same-origin-free JSON POST to a Lab route, as curl sends it, from `ip`. */
export function labPost(path: string, body: unknown, ip: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json", ...visitor(ip), ...headers },
  });
}

/** A scripted model in the shape the routes' model choice returns, with the calls it received. */
export function scriptedLabModel(script: Script): AgentModel & { calls: ReturnType<typeof scriptedModel>["calls"] } {
  const scripted = scriptedModel(script);
  return { model: scripted.model, name: "scripted", kind: "offline", estimatedUsage: false, calls: scripted.calls };
}

/**
 * The units the site's day has used on the quota the routes read from the environment. A test
 * compares it before and after a request: another test of the file may have spent some already.
 */
export async function unitsUsedToday(): Promise<number> {
  return (await quotaFromEnv(process.env).today()).units.used;
}
