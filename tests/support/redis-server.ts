// A private, throwaway redis-server for the tests: a free port, nothing written to disk, stopped
// by whoever started it. Never the developer's Redis on 6379.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";

export type RedisServer = {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (no persistence). */
  restart(): Promise<void>;
};

const READY = /Ready to accept connections/;

export async function startRedisServer(binary = process.env.REDIS_SERVER_BIN ?? "redis-server"): Promise<RedisServer> {
  let lastError: unknown;
  // Another process can take the free port between the probe and redis-server's bind: retry.
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    try {
      let child = await spawnRedis(binary, port);
      const stopAndExit = () => child.kill("SIGKILL");
      process.once("exit", stopAndExit);
      return {
        url: `redis://127.0.0.1:${port}`,
        port,
        async stop() {
          process.off("exit", stopAndExit);
          await stopChild(child);
        },
        async restart() {
          await stopChild(child);
          child = await spawnRedis(binary, port);
        },
      };
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function spawnRedis(binary: string, port: number): Promise<ChildProcess> {
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"];
  const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`redis-server did not start in 5 s:\n${output}`)), 5000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(error);
    };
    child.once("error", (error) => fail(new Error(`cannot run ${binary}: ${error.message}`)));
    child.once("exit", (code) => fail(new Error(`redis-server exited (${code}):\n${output}`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (READY.test(output)) {
        clearTimeout(timer);
        child.removeAllListeners("exit");
        resolve();
      }
    });
  });
  // Keep draining its output (a full pipe would block redis-server) without keeping it.
  child.stdout?.removeAllListeners("data").resume();
  child.stderr?.resume();
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 2000);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
