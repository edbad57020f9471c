import "server-only";
import { config, platform } from "@/lib/config";
import type { Platform } from "@/lib/platform";
import { memoryRecordStore } from "./memory-store";
import { DEFAULT_RECORD_LIMITS, type LabRecordStore, type RecordLimits } from "./store";
import { upstashRecordStore } from "./upstash-store";

/** This deployment's record limits: the retention from `LAB_RECORDS_DAYS`, the caps as defaults. */
export function recordSettings(): RecordLimits {
  return { ...DEFAULT_RECORD_LIMITS, retentionDays: config().records.retentionDays };
}

// On globalThis so that `next dev` reloading this module keeps the records, like the quota's.
const MEMORY = Symbol.for("lab-agent.lab.records");

/**
 * The records of the deployment's database: Upstash through its client and key prefix, or this
 * process's memory when it has none (`next dev`, `QUOTA_STORE=memory`), so a production site
 * never keeps them in one isolate by accident.
 */
export function recordStoreFor({ redis, prefix }: Platform, limits: RecordLimits = recordSettings()): LabRecordStore {
  if (redis) return upstashRecordStore(redis, prefix, limits);
  const holder = globalThis as { [MEMORY]?: Map<string, LabRecordStore> };
  holder[MEMORY] ??= new Map();
  const key = JSON.stringify(limits);
  let store = holder[MEMORY].get(key);
  if (!store) {
    store = memoryRecordStore(limits);
    holder[MEMORY].set(key, store);
  }
  return store;
}

/** The records of this deployment (the studio's Lab view, a reopened run). Throws on a bad platform setting. */
export function labRecordStore(): LabRecordStore {
  return recordStoreFor(platform());
}
