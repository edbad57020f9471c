import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { portTaken, refuseReuse } from "@/e2e/server-reuse";

// The e2e suite ran, and passed, against whatever already listened on its ports (another
// checkout's `next start`, an old build): it now refuses unless asked to reuse them.
const server = { name: "node", port: 3456 };

describe("a server already on an e2e port", () => {
  it("fails the run, naming the port and how to free it or opt in", () => {
    const refused = refuseReuse(server, {});
    expect(refused).toContain("port 3456");
    expect(refused).toContain("lsof -i :3456");
    expect(refused).toContain("E2E_REUSE_SERVERS=1");
  });

  it("is reused only when asked, and never on CI", () => {
    expect(refuseReuse(server, { E2E_REUSE_SERVERS: "1" })).toBeNull();
    expect(refuseReuse(server, { E2E_REUSE_SERVERS: "true" })).not.toBeNull();
    expect(refuseReuse(server, { E2E_REUSE_SERVERS: "1", CI: "true" })).toContain("on CI");
  });

  it("is seen whether or not it answers the suite's health check", async () => {
    const listener = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const { port } = listener.address() as { port: number };
    expect(await portTaken(port)).toBe(true);
    await new Promise((resolve) => listener.close(resolve));
    expect(await portTaken(port)).toBe(false);
  });
});
