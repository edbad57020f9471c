// Runs once when a server starts (`next dev`, `next start`, the Worker's first request).
export async function register() {
  const { buildingPages, ConfigError, config } = await import("@/lib/config");
  if (buildingPages()) return;
  const { announceQuota } = await import("@/lib/quota");
  try {
    announceQuota(config().quota);
  } catch (error) {
    // The Lab's routes refuse to spend (503) on the same error; say which setting to fix now.
    if (!(error instanceof ConfigError)) throw error;
    console.warn(`[config] the Lab will refuse to spend (503) until this is fixed: ${error.message}`);
  }
}
