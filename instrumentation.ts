// Runs once when a server starts (`next dev`, `next start`, the Worker's first request).
export async function register() {
  // `next build` loads this file too: its static workers have no server to announce.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { announceQuota } = await import("@/lib/quota");
  announceQuota(process.env);
}
