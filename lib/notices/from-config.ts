import "server-only";
import { SETTINGS } from "@/content/generated/settings";
import { chooseModel, modelContext } from "@/lib/ai/model-table";
import { platformOf } from "@/lib/ai/model-unavailable";
import { config, platform } from "@/lib/config";
import { emailBinding } from "@/lib/contact/settings";
import { contactStoreFor } from "@/lib/contact/store";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import { recordSettings, recordStoreFor } from "@/lib/lab/records/from-config";
import { labQuota } from "@/lib/lab/units";
import { LAB_USE_KINDS } from "@/lib/lab-uses";
import type { NoticeSettings } from "@/lib/notice-settings";
import { publicOrigin } from "@/lib/site/metadata";
import type { NoticeEmail } from "./compose";
import type { NoticeDeps, NoticeSender } from "./run";
import { noticeStoreFor } from "./store";

/** A send gets this long; past it, it counts as failed and the next firing tries again. */
const SEND_TIMEOUT_MS = 8_000;

/** The part of Cloudflare's `send_email` binding the notices use: one email to the studio's recipients. */
type NoticeBinding = {
  send(message: { from: string; to: string | string[]; subject: string; text: string; html: string }): Promise<unknown>;
};

/** The leads' `send_email` binding, from the leads' verified address to the notices' recipients. */
function bindingSender(binding: NoticeBinding, { from, to }: { from: string; to: string[] }): NoticeSender {
  return {
    async send(email: NoticeEmail) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error("timeout"), { name: "TimeoutError" })),
          SEND_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([binding.send({ from, to: to.length === 1 ? (to[0] as string) : to, ...email }), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Everything a firing of the notices needs, from this deployment's settings and bindings, inside
 * the schedule's request (where a Worker's bindings and the site's origin can be read).
 */
export function noticeDeps(settings: NoticeSettings, request: Request): NoticeDeps {
  const shared = platform();
  const limits = recordSettings();
  const context = modelContext(request);
  const binding = emailBinding() as NoticeBinding | undefined;
  return {
    settings,
    store: noticeStoreFor(shared),
    records: limits.retentionDays > 0 ? recordStoreFor(shared, limits) : null,
    perDay: limits.perDay,
    contact: contactStoreFor(shared),
    quota: labQuota().quota,
    platforms: [
      ...new Set(LAB_USE_KINDS.map((use) => platformOf(chooseModel(use, context).kind)).filter((p) => p !== undefined)),
    ],
    sender: binding ? bindingSender(binding, { from: config().contact.from, to: settings.to }) : null,
    locale: DEFAULT_LOCALE,
    origin: publicOrigin(request.headers),
    timeZone: SETTINGS.timeZone,
  };
}
