import "server-only";

// The quota's public interface. Routes build it with `quotaFromEnv`; tests with `createQuota`
// and a store of their choice.
export {
  type LabQuota,
  labQuotaFrom,
  labQuotaFromEnv,
  type QuotaEnv,
  type QuotaLog,
  type QuotaOptions,
  type QuotaSettings,
  quotaFromEnv,
  readQuotaSettings,
} from "./from-env";
export { memoryStore } from "./memory-store";
export { createQuota, DEFAULT_LIMITS, type QuotaConfig, WORKERS_AI_FREE_NEURONS_PER_DAY } from "./quota";
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
