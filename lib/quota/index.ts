import "server-only";

// The quota's public interface. Routes build it with `quotaFromEnv`; tests with `createQuota`
// and a store of their choice.
export { QuotaConfigError, QuotaUnavailableError } from "./errors";
export { type QuotaEnv, type QuotaLog, type QuotaSettings, quotaFromEnv, readQuotaSettings } from "./from-env";
export { normalizeIp } from "./ip-hash";
export { memoryStore } from "./memory-store";
export { createQuota, DEFAULT_LIMITS, type QuotaConfig, WORKERS_AI_FREE_NEURONS_PER_DAY } from "./quota";
export type { QuotaStore } from "./store";
export type {
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
export { LAB_USE_KINDS, type LabUseKind } from "./types";
export { DEFAULT_TIMEOUT_MS, type UpstashStoreOptions, upstashStore } from "./upstash-store";
