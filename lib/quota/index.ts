import "server-only";

// The quota's public interface. Routes build it with `quotaFromEnv`; tests with `createQuota`
// and a store of their choice.
export {
  type LabQuota,
  labQuotaFrom,
  labQuotaFromEnv,
  type QuotaLog,
  type QuotaOptions,
  quotaFromEnv,
} from "./from-env";
export { memoryStore } from "./memory-store";
export { createQuota, type QuotaConfig, WORKERS_AI_FREE_NEURONS_PER_DAY } from "./quota";
export { DEFAULT_LIMITS, type QuotaEnv, type QuotaSettings, readQuotaSettings } from "./settings";
export type { QuotaStore } from "./store";
export type {
  ModelPause,
  ModelTotals,
  Quota,
  QuotaLimitName,
  QuotaLimits,
  Reservation,
  ReserveGranted,
  ReserveRefused,
  ReserveResult,
  SiteTotals,
  Usage,
} from "./types";
export { type UpstashStoreOptions, upstashStore } from "./upstash-store";
