import "server-only";
import { composeLeadEmail } from "./compose";
import type { Lead } from "./lead";

/** How a lead reaches the studio: Cloudflare's `send_email` binding, or a signed webhook. */
export interface LeadTransport {
  readonly kind: "email" | "webhook";
  /** Resolves once the studio's side took the lead; throws `SendError` or anything else otherwise. */
  send(lead: Lead, signal: AbortSignal): Promise<void>;
}

/** A send that failed, with a short reason safe to store and log (never the message itself). */
export class SendError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "SendError";
  }
}

/**
 * The part of Cloudflare's `SendEmail` binding used here: the structured form of `send()`
 * (Email Service's builder: Cloudflare writes the MIME, the headers are fields, not text).
 */
export type EmailBinding = {
  send(message: {
    from: string | { email: string; name: string };
    to: string;
    subject: string;
    replyTo: { email: string; name: string };
    text: string;
    html: string;
  }): Promise<unknown>;
};

export function emailTransport(
  binding: EmailBinding,
  { from, to, inboxUrl }: { from: string; to: string; inboxUrl: string },
): LeadTransport {
  return {
    kind: "email",
    async send(lead, signal) {
      const email = composeLeadEmail(lead, inboxUrl);
      // The binding takes no signal: the race lets the caller's timeout win.
      await abortable(binding.send({ from, to, ...email }), signal);
    },
  };
}

export const WEBHOOK_HEADERS = {
  signature: "x-lab-agent-signature",
  timestamp: "x-lab-agent-timestamp",
  delivery: "x-lab-agent-delivery",
} as const;

const encoder = new TextEncoder();

/** `sha256=<hex>` of HMAC-SHA256(secret, `${timestamp}.${body}`): the receiver recomputes it. */
export async function signWebhook(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${body}`));
  return `sha256=${[...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * A JSON POST of the lead, signed with a timestamp (so a captured request can't be replayed
 * later) and carrying the lead's id (so a receiver can drop a second delivery of the same lead).
 */
export function webhookTransport(
  { url, secret }: { url: string; secret: string },
  // Tests pass their own fetch and clock.
  deps: { fetch?: typeof fetch; now?: () => number } = {},
): LeadTransport {
  const send = deps.fetch ?? fetch;
  return {
    kind: "webhook",
    async send(lead, signal) {
      const timestamp = Math.floor((deps.now ?? Date.now)() / 1000);
      const body = JSON.stringify({ type: "contact.lead", lead });
      const response = await send(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: await signWebhook(secret, timestamp, body),
          [WEBHOOK_HEADERS.delivery]: lead.id,
        },
        body,
        signal,
        redirect: "manual",
      });
      await response.body?.cancel();
      if (!response.ok) throw new SendError(`webhook_http_${response.status}`);
    },
  };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new SendError("timeout"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new SendError("timeout"));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
