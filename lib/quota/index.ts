import "server-only";

export {
  type ClientIpSource,
  clientIpFrom,
  LOCAL_VISITOR,
  onWorkers,
  UNKNOWN_VISITOR,
} from "./client-ip";
// The quota's public interface. Routes build it with `quotaFromEnv`; tests with `createQuota`
// and a store of their choice.
export { QuotaConfigError, QuotaUnavailableError } from "./errors";
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
export { createIpHasher, isIp, normalizeIp } from "./ip-hash";
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
export {
  DEFAULT_TIMEOUT_MS,
  type UpstashClientOptions,
  type UpstashStoreOptions,
  upstashClient,
  upstashStore,
} from "./upstash-store";
