// The Lab's records: what each use showed its visitor, kept for the studio.
export { isRunId, newRunId, RUN_ID_PATTERN } from "./id";
export { memoryRecordStore } from "./memory-store";
export { DEFAULT_RECORD_LIMITS, type LabRecordStore, LIST_DEFAULT, LIST_MAX, type RecordLimits } from "./store";
export type {
  DayCount,
  LabRecord,
  LabRecordKind,
  PutOutcome,
  RecordPage,
  RunData,
  VisitorRun,
} from "./types";
