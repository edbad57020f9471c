import "server-only";
import { getCloudflareContext } from "@opennextjs/cloudflare";

/**
 * Whether a real model would answer the agent and the reviewer (the AI binding, Workers AI over
 * REST, or an OpenAI-compatible server), by the same rules as `resolveAgentModel` but without
 * loading any provider: the reviewer page only says which kind of review to expect, and pulling
 * the providers into its bundle would cost the Worker ~160 KiB.
 */
export function realModelConfigured(env: Record<string, string | undefined> = process.env): boolean {
  try {
    if ((getCloudflareContext().env as { AI?: unknown }).AI) return true;
  } catch {
    // `next start` and tests run outside a Cloudflare context.
  }
  return Boolean((env.CLOUDFLARE_ACCOUNT_ID && env.CLOUDFLARE_API_TOKEN) || env.OPENAI_COMPATIBLE_BASE_URL);
}
