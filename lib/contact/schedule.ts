import "server-only";
import { DELIVERY, type DeliveryDeps, retryDue } from "./deliver";

export type ScheduleRun = { sent: number; failed: number; skipped: number; pruned: number };

/**
 * One run of the leads' schedule: every due unsent message (up to a batch) is tried again, then
 * what has expired is forgotten. Run by the Worker's Cron Trigger and by `next start`'s interval,
 * so a message whose send failed never waits for the next visitor; a failed send waits at most
 * `DELIVERY.maxRetryMs` before its next try, so an email service down for a day loses nothing.
 */
export async function runLeadSchedule(deps: DeliveryDeps): Promise<ScheduleRun> {
  const outcomes = await retryDue(deps, DELIVERY.scheduleBatch);
  const count = (outcome: string) => outcomes.filter((each) => each === outcome).length;
  let pruned = 0;
  try {
    pruned = await deps.store.prune((deps.now ?? Date.now)());
  } catch (error) {
    console.error(JSON.stringify({ event: "contact_prune_failed", message: (error as Error).name }));
  }
  return { sent: count("sent"), failed: count("failed"), skipped: count("skipped"), pruned };
}
