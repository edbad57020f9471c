// Runs once when a server starts (`next dev`, `next start`, the Worker's first request).
//
// Next compiles this file and what it imports into a module graph of its own, and that graph
// ships in the Worker beside the routes' (one more copy of each library it reaches). So it
// imports only the Node server's response guard: the settings are read, and their problems
// logged, where they are used (the quota's store says which it is when it is built, a bad setting
// is logged by the route that refuses to spend, the first contact message says how leads travel).
export async function register() {
  // Next also compiles this file for its edge runtime, with NEXT_RUNTIME replaced by "edge". Only
  // a literal test of it here lets the compiler drop the branch, and with it the guard's
  // `node:http`, from that graph; behind a helper the import stays and `next dev` warns that a
  // Node.js module is loaded in the Edge Runtime on every compile.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { buildingPages, nodeServerMode } = await import("@/lib/server-mode");
    if (buildingPages()) return;
    const { onWorkers } = await import("@/lib/platform/client-ip");
    // On Workers `worker.ts` wraps every response; under `next start` the HTTP server is wrapped here.
    const server = nodeServerMode();
    if (server && !onWorkers()) {
      const { installNodeResponseGuard } = await import("@/lib/site/node-response-guard");
      installNodeResponseGuard(server === "development");
    }
  }
}
