"use server";

import { cookies, headers } from "next/headers";
import { config, platform } from "@/lib/config";
import { isPlatformFailure, logPlatformFailure } from "@/lib/platform";
import { endedSessionsFor, lockoutStoreFor } from "./inbox";
import { INBOX_SESSION, inboxSessionToken, readInboxSession, tryInboxKey } from "./inbox-auth";

export type InboxLoginState = { status: "idle" | "wrong" | "locked" | "unavailable" | "notConfigured" };

/** The cookie is `Secure` except on a loopback host, where a local preview is served over http. */
async function secureCookie(): Promise<boolean> {
  const host = (await headers()).get("host") ?? "";
  return !/^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(host);
}

export async function openInbox(_previous: InboxLoginState, form: FormData): Promise<InboxLoginState> {
  const secret = config().contact.inboxSecret;
  if (!secret) return { status: "notConfigured" };
  // An action's arguments are what the request says they are: anything but a form gives no key.
  const given = form instanceof FormData ? form.get("key") : null;
  try {
    const shared = platform();
    const ipHash = await shared.visitorHash(await headers());
    const outcome = await tryInboxKey(typeof given === "string" ? given : "", {
      secret,
      ipHash,
      lockout: lockoutStoreFor(shared),
    });
    if (outcome !== "open") return { status: outcome };
  } catch (error) {
    if (isPlatformFailure(error)) logPlatformFailure(error);
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

/**
 * Ends this session on the server as well as in this browser: a copy of the cookie no longer opens
 * the inbox. Should the store be unreachable, the cookie still goes and the failure is logged.
 */
export async function closeInbox(): Promise<void> {
  const jar = await cookies();
  const secret = config().contact.inboxSecret;
  const session = secret ? await readInboxSession(jar.get(INBOX_SESSION.cookie)?.value, secret, Date.now()) : null;
  jar.delete(INBOX_SESSION.cookie);
  if (!session) return;
  try {
    await endedSessionsFor(platform()).end(session.id, session.expiresAtSeconds);
  } catch (error) {
    if (isPlatformFailure(error)) logPlatformFailure(error);
    else console.error(JSON.stringify({ event: "inbox_close_failed", message: (error as Error).name }));
  }
}
