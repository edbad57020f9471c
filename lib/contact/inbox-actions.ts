"use server";

import { cookies, headers } from "next/headers";
import { isQuotaFailure, labQuota, logQuotaFailure } from "@/lib/api/lab-units";
import { config } from "@/lib/config";
import { clientIpFrom, createIpHasher } from "@/lib/quota";
import { lockoutStoreFor } from "./inbox";
import { INBOX_SESSION, inboxSessionToken, tryInboxKey } from "./inbox-auth";

export type InboxLoginState = { status: "idle" | "wrong" | "locked" | "unavailable" | "notConfigured" };

/** The cookie is `Secure` except on a loopback host, where a local preview is served over http. */
async function secureCookie(): Promise<boolean> {
  const host = (await headers()).get("host") ?? "";
  return !/^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(host);
}

export async function openInbox(_previous: InboxLoginState, form: FormData): Promise<InboxLoginState> {
  const secret = config().contact.inboxSecret;
  if (!secret) return { status: "notConfigured" };
  const given = form.get("key");
  try {
    const lab = labQuota();
    const ipHash = await createIpHasher(lab.settings.salt)(clientIpFrom(await headers(), lab.settings.clientIp));
    const outcome = await tryInboxKey(typeof given === "string" ? given : "", {
      secret,
      ipHash,
      lockout: lockoutStoreFor(lab),
    });
    if (outcome !== "open") return { status: outcome };
  } catch (error) {
    if (isQuotaFailure(error)) logQuotaFailure(error);
    else console.error(JSON.stringify({ event: "inbox_check_failed", message: (error as Error).name }));
    return { status: "unavailable" };
  }
  // Setting a cookie in a server action re-renders the page, which then shows the messages.
  (await cookies()).set(INBOX_SESSION.cookie, await inboxSessionToken(secret, Date.now()), {
    httpOnly: true,
    secure: await secureCookie(),
    sameSite: "strict",
    path: "/",
    maxAge: INBOX_SESSION.maxAgeSeconds,
  });
  return { status: "idle" };
}

export async function closeInbox(): Promise<void> {
  (await cookies()).delete(INBOX_SESSION.cookie);
}
