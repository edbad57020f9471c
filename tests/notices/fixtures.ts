// A firing's world for the notices' tests: records, leads, a quota and a notice store in memory,
// a sender that keeps what it sent (or fails when told to), a clock the test moves.
import { memoryContactStore } from "@/lib/contact/store";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import { memoryRecordStore } from "@/lib/lab/records";
import { readNoticeSettings } from "@/lib/notice-settings";
import type { NoticeEmail } from "@/lib/notices/compose";
import type { NoticeDeps } from "@/lib/notices/run";
import { memoryNoticeStore } from "@/lib/notices/store";
import { createQuota, memoryStore } from "@/lib/quota";

/** A zone five hours behind UTC with no summer time: a studio day spans two UTC days. */
export const ZONE = "America/Bogota";
/** 2026-12-02 09:00 in that zone (14:00 UTC). */
export const MORNING = Date.parse("2026-12-02T14:00:00Z");

export function world(options: { env?: Record<string, string>; now?: number } = {}) {
  let now = options.now ?? MORNING;
  const sent: NoticeEmail[] = [];
  let failing = 0;
  const records = memoryRecordStore(undefined, () => now);
  const contact = memoryContactStore();
  const quota = createQuota({
    store: memoryStore(),
    salt: "notices-test-salt-0123456789",
    limits: { burstPerMinute: 0 },
    now: () => now,
  });
  const store = memoryNoticeStore(() => now);
  const deps: NoticeDeps = {
    settings: readNoticeSettings(options.env ?? {}, "studio@example.com"),
    store,
    records,
    perDay: 300,
    contact,
    quota,
    platforms: ["workers-ai"],
    sender: {
      async send(email) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (failing > 0) {
          failing -= 1;
          throw Object.assign(new Error("down"), { name: "SendError" });
        }
        sent.push(email);
      },
    },
    locale: DEFAULT_LOCALE,
    origin: "https://studio.example",
    timeZone: ZONE,
    now: () => now,
    log: () => {},
  };
  return {
    deps,
    sent,
    records,
    contact,
    quota,
    store,
    /** The next `count` sends fail. */
    failNext: (count = 1) => {
      failing = count;
    },
    setNow: (ms: number) => {
      now = ms;
    },
  };
}
