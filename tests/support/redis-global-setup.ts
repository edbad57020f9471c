// Vitest global setup: one redis-server for the run, unless REDIS_URL names one (e.g. a CI
// service). The tests read it with `inject("redisUrl")`; they write under their own key prefixes
// and never flush, so a given REDIS_URL keeps its other data.
import type { TestProject } from "vitest/node";
import { type RedisServer, startRedisServer } from "./redis-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Empty when no Redis could be started; `redisUrlError` says why. */
    redisUrl: string;
    redisUrlError: string;
  }
}

let server: RedisServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  const given = process.env.REDIS_URL;
  if (given) {
    project.provide("redisUrl", given);
    project.provide("redisUrlError", "");
    return;
  }
  try {
    server = await startRedisServer();
    project.provide("redisUrl", server.url);
    project.provide("redisUrlError", "");
  } catch (error) {
    // Only the tests that need Redis fail, each with this reason; the rest of the suite runs.
    project.provide("redisUrl", "");
    project.provide("redisUrlError", error instanceof Error ? error.message : String(error));
  }
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
