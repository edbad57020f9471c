import "server-only";
import { cookies } from "next/headers";
import { config } from "@/lib/config";
import { inboxSessionOpen } from "@/lib/contact/inbox";
import { INBOX_SESSION } from "@/lib/contact/inbox-auth";

/** Whether the studio's session is open: the inbox's own key and cookie open the Lab's records too. */
export type StudioAccess = "open" | "closed" | "notConfigured";

/** Checked by every page that shows a record, before anything is read. */
export async function studioAccess(nowMs = Date.now()): Promise<StudioAccess> {
  const secret = config().contact.inboxSecret;
  if (!secret) return "notConfigured";
  const session = (await cookies()).get(INBOX_SESSION.cookie)?.value;
  return (await inboxSessionOpen(session, secret, nowMs)) ? "open" : "closed";
}
