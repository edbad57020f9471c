/**
 * Which process this is, from what Next and the build set (never a setting: those are
 * `lib/config.ts`'s). Kept apart from the settings so that `instrumentation.ts`, which Next
 * compiles into a module graph of its own (shipped in the Worker beside the routes' graph), can
 * ask without bringing the settings, the quota and the content with it.
 */

/** `next build` also loads `instrumentation.ts`; its static workers are no server to announce. */
export function buildingPages(): boolean {
  return process.env.NEXT_PHASE === "phase-production-build";
}

/** Which Node server this is (`next dev` or `next start`), or null in Next's edge runtime. */
export function nodeServerMode(): "development" | "production" | null {
  if (process.env.NEXT_RUNTIME !== "nodejs") return null;
  return builtForProduction() ? "production" : "development";
}

// Written out in full on purpose: Next and OpenNext replace `process.env.NODE_ENV` with
// "production" when they build. A deployed Worker's runtime env has no NODE_ENV, so reading it
// from the runtime env alone would take production for development (memory store, public salt).
export function builtForProduction(): boolean {
  return typeof process !== "undefined" && process.env.NODE_ENV === "production";
}
