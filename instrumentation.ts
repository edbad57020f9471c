// Runs once when a server starts (`next dev`, `next start`, the Worker's first request).
export async function register() {
  const { buildingPages, ConfigError, config, nodeServerMode } = await import("@/lib/config");
  if (buildingPages()) return;
  const { announceQuota, onWorkers } = await import("@/lib/quota");
  // On Workers `worker.ts` wraps every response; under `next start` the HTTP server is wrapped here.
  const server = nodeServerMode();
  if (server && !onWorkers()) {
    const { installNodeResponseGuard } = await import("@/lib/site/node-response-guard");
    installNodeResponseGuard(server === "development");
  }
  try {
    announceQuota(config().quota);
  } catch (error) {
    // The Lab's routes refuse to spend (503) on the same error; say which setting to fix now.
    if (!(error instanceof ConfigError)) throw error;
    console.warn(`[config] the Lab will refuse to spend (503) until this is fixed: ${error.message}`);
    return;
  }
  const { announceContact, emailBinding } = await import("@/lib/contact/settings");
  const binding = emailBinding();
  // On Workers the start may run outside a request, where bindings can't be read: then the first
  // contact message says how leads reach the studio.
  if (!onWorkers() || binding) announceContact(config().contact, { production: config().production, binding });
}
