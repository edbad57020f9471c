// Runs once when a server starts (`next dev`, `next start`, the Worker's first request).
export async function register() {
  // `next build` loads this file too: its static workers have no server to announce.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { announceQuota, onWorkers } = await import("@/lib/quota");
  announceQuota(process.env);
  const { announceContact, cloudflareEnv, emailBinding } = await import("@/lib/contact/settings");
  // On Workers the start may run outside a request, where bindings can't be read: then the
  // first contact message says how leads reach the studio.
  if (!onWorkers() || cloudflareEnv()) {
    announceContact(process.env, { production: process.env.NODE_ENV === "production", binding: emailBinding() });
  }
}
