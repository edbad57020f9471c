import { connect } from "node:net";

/**
 * Whether the e2e suite may run against a server already on one of its ports. Never on CI, and
 * elsewhere only when asked (`E2E_REUSE_SERVERS=1`): a server left from another checkout, branch
 * or build answers as well as the suite's own, and a run that passes against it has checked
 * something else. Returns why it refuses, or null to reuse it.
 */
export function refuseReuse(
  server: { name: string; port: number },
  env: Readonly<Record<string, string | undefined>>,
): string | null {
  const stop = `stop it (\`lsof -i :${server.port}\` names its process)`;
  if (env.CI) return `port ${server.port} is taken: on CI the suite starts its own ${server.name} server; ${stop}`;
  if (env.E2E_REUSE_SERVERS === "1") return null;
  return `port ${server.port} is taken: the suite starts its own ${server.name} server there. ${stop}, move the suite's ports (E2E_NODE_PORT, E2E_WORKER_PORT), or run against that server on purpose with E2E_REUSE_SERVERS=1`;
}

/** Whether anything accepts connections on the port (a server of the suite's or anyone's). */
export function portTaken(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.setTimeout(1_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}
