// Guards the webhook off Workers: a JSON POST a receiver can trust (HMAC-SHA256 over timestamp and
// body, checked here with node:crypto, not with the code under test), carrying the lead's id so a
// second delivery can be dropped; a non-2xx answer, a redirect or a hang is a failed send.
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContactSettings } from "@/lib/contact/settings";
import { SendError, signWebhook, WEBHOOK_HEADERS, webhookTransport } from "@/lib/contact/transports";
import { lead } from "./lead-fixtures";

const SECRET = "webhook-test-secret-0123456789";
type Received = { headers: IncomingMessage["headers"]; body: string };
const received: Received[] = [];
let status = 200;
let server: Server;
let url = "";

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      if (status === 0) return; // hang
      response.writeHead(status, status === 302 ? { location: "https://elsewhere.example/" } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const expectedSignature = (timestamp: string, body: string) =>
  `sha256=${createHmac("sha256", SECRET).update(`${timestamp}.${body}`).digest("hex")}`;

describe("the webhook", () => {
  it("posts the lead as JSON, signed over its timestamp and body, with the lead's id", async () => {
    status = 200;
    const one = lead(1, { name: "Marta", message: 'Hola <b>"x"</b>' });
    const now = 1_780_000_000_000;
    await webhookTransport({ url, secret: SECRET }, { now: () => now }).send(one, AbortSignal.timeout(2_000));
    const hit = received.at(-1);
    if (!hit) throw new Error("nothing received");
    expect(hit.headers["content-type"]).toBe("application/json");
    expect(hit.headers[WEBHOOK_HEADERS.timestamp]).toBe(String(now / 1000));
    expect(hit.headers[WEBHOOK_HEADERS.delivery]).toBe(one.id);
    expect(hit.headers[WEBHOOK_HEADERS.signature]).toBe(expectedSignature(String(now / 1000), hit.body));
    expect(JSON.parse(hit.body)).toEqual({ type: "contact.lead", lead: one });
  });

  it("signs so that another secret, timestamp or body doesn't verify", async () => {
    const signature = await signWebhook(SECRET, 100, '{"a":1}');
    expect(signature).toBe(expectedSignature("100", '{"a":1}'));
    expect(await signWebhook(`${SECRET}x`, 100, '{"a":1}')).not.toBe(signature);
    expect(await signWebhook(SECRET, 101, '{"a":1}')).not.toBe(signature);
    expect(await signWebhook(SECRET, 100, '{"a":2}')).not.toBe(signature);
  });

  it("fails on an error status or a redirect, with the status as its reason", async () => {
    const transport = webhookTransport({ url, secret: SECRET });
    for (const [code, reason] of [
      [500, "webhook_http_500"],
      [404, "webhook_http_404"],
    ] as const) {
      status = code;
      await expect(transport.send(lead(2), AbortSignal.timeout(2_000))).rejects.toEqual(new SendError(reason));
    }
    status = 302;
    await expect(transport.send(lead(3), AbortSignal.timeout(2_000))).rejects.toBeInstanceOf(SendError);
  });

  it("gives up on a receiver that never answers when the signal ends", async () => {
    status = 0;
    await expect(webhookTransport({ url, secret: SECRET }).send(lead(4), AbortSignal.timeout(100))).rejects.toThrow();
  });

  it("is used only with an https URL (or loopback) and a secret of 16 characters or more", () => {
    expect(
      readContactSettings({ CONTACT_WEBHOOK_URL: "https://hooks.example/x", CONTACT_WEBHOOK_SECRET: SECRET }).webhook,
    ).toEqual({
      url: "https://hooks.example/x",
      secret: SECRET,
    });
    const noSecret = readContactSettings({ CONTACT_WEBHOOK_URL: "https://hooks.example/x" });
    expect(noSecret.webhook).toBeNull();
    expect(noSecret.problems.join()).toContain("CONTACT_WEBHOOK_SECRET");
    const plainHttp = readContactSettings({
      CONTACT_WEBHOOK_URL: "http://hooks.example/x",
      CONTACT_WEBHOOK_SECRET: SECRET,
    });
    expect(plainHttp.webhook).toBeNull();
    expect(plainHttp.problems.join()).toContain("https");
  });
});
