import "server-only";
import { config, platform } from "@/lib/config";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { formatDay, formatTime } from "@/lib/lab-view/format";
import { type NoticeOutcome, noticeStoreFor } from "./store";

/**
 * What the Lab view says of the daily digest: when the last one went, that it could not go (no
 * binding), or that none has. Null when the digest is off, or its store did not answer (the page
 * says nothing rather than something untrue).
 */
export async function lastDigestLine(locale: Locale): Promise<string | null> {
  const settings = config().notices;
  if (settings instanceof Error || !settings.on) return null;
  let last: NoticeOutcome | null;
  try {
    last = await noticeStoreFor(platform()).lastDigest();
  } catch (error) {
    console.error(JSON.stringify({ event: "lab_notices_read_failed", message: (error as Error).name }));
    return null;
  }
  const words = getDictionary(locale).notices.last;
  if (!last) return words.none;
  const time = formatTime(last.at, locale);
  return last.state === "sent"
    ? fill(words.sent, { time })
    : fill(words.notSent, { day: formatDay(last.day, locale), time });
}
