// @pool forks
// It installs the Node server guard on http.Server itself, which every VM context of a worker process shares.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTERNAL_TOKEN_HEADER, internalToken, LEADS_SCHEDULE_PATH } from "@/lib/site/internal-requests";
import { installNodeResponseGuard } from "@/lib/site/node-response-guard";
import { ACTION_BODY_LIMIT_BYTES } from "@/lib/site/response-guard";
import { securityHeaders } from "@/lib/site/security-headers";

// A server answering the ways Next's router does before `headers()`: a bare redirect, a plain
// `end()` with no head written, a head with its own headers, and one that sets a header itself.
let server: Server;
let base: string;
beforeAll(async () => {
  installNodeResponseGuard(false);
  server = createServer((request, response) => {
    if (request.url === "/redirect") response.writeHead(308, { Location: "/" }).end();
    else if (request.url === "/implicit") {
      response.statusCode = 500;
      response.end("Internal Server Error");
    } else if (request.url === "/raw") response.writeHead(400, ["content-type", "text/plain"]).end("bad");
    else {
      response.setHeader("X-Frame-Options", "SAMEORIGIN");
      response.end("ok");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the Node server's own responses", () => {
  it.each(["/redirect", "/implicit", "/raw"])("carry every security header: %s", async (path) => {
    const response = await fetch(`${base}${path}`, { redirect: "manual" });
    for (const { key, value } of securityHeaders(false)) expect(response.headers.get(key), key).toBe(value);
  });

  it.each(["/es/%E0%A4%A", "/%", "/api/agent%zz"])(
    "answer an undecodable path %s with a 400 before the handler runs",
    async (path) => {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/not valid percent-encoding/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    },
  );

  it("pass a path that decodes, however odd, to the handler", async () => {
    for (const path of ["/es/caf%C3%A9", "/es/a%2Fb", "/es/%25"])
      expect((await fetch(`${base}${path}`)).status).toBe(200);
  });

  it("keep a header the response set itself", async () => {
    expect((await fetch(`${base}/own`)).headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("refuse a cross-origin server action with a 403 before the handler runs", async () => {
    const response = await fetch(`${base}/es/contact`, {
      method: "POST",
      headers: { "next-action": "abc", origin: "https://elsewhere.example", "content-type": "text/plain" },
      body: "[]",
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("cross_origin_action");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const own = await fetch(`${base}/es/contact`, {
      method: "POST",
      headers: { "next-action": "abc", origin: base, "content-type": "text/plain" },
      body: "[]",
    });
    expect(own.status).toBe(200);
  });

  it("answer a form's body over the limit with a 413 before the handler reads it, the page for a plain post", async () => {
    const big = "a".repeat(ACTION_BODY_LIMIT_BYTES + 10);
    const plain = new FormData();
    plain.set("message", big);
    const page = await fetch(`${base}/x/contact`, { method: "POST", body: plain });
    expect(page.status).toBe(413);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain('role="alert"');
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    const scripted = await fetch(`${base}/x/contact`, {
      method: "POST",
      headers: { "next-action": "abc", "content-type": "text/plain;charset=UTF-8" },
      body: big,
    });
    expect(scripted.status).toBe(413);
    expect(((await scripted.json()) as { error: { code: string } }).error.code).toBe("body_too_large");
    const small = new FormData();
    small.set("message", "hello");
    expect((await fetch(`${base}/x/contact`, { method: "POST", body: small })).status).toBe(200);
  });

  it("answer an unreadable router state header with a 400 before the handler runs", async () => {
    const response = await fetch(`${base}/x/inbox`, { headers: { rsc: "1", "next-router-state-tree": "%7Bnot-json" } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_router_state");
    expect(response.headers.get("content-security-policy")).toBeTruthy();
    const state = encodeURIComponent(JSON.stringify(["", { children: ["__PAGE__", {}] }, null, null, 1]));
    expect((await fetch(`${base}/x/inbox`, { headers: { rsc: "1", "next-router-state-tree": state } })).status).toBe(
      200,
    );
  });

  it("answer the server's own schedule with a 404 to anyone without this process's token", async () => {
    expect((await fetch(`${base}${LEADS_SCHEDULE_PATH}`, { method: "POST" })).status).toBe(404);
    const forged = { [INTERNAL_TOKEN_HEADER]: "f".repeat(64) };
    expect((await fetch(`${base}${LEADS_SCHEDULE_PATH}`, { method: "POST", headers: forged })).status).toBe(404);
    const own = { [INTERNAL_TOKEN_HEADER]: internalToken() };
    expect((await fetch(`${base}${LEADS_SCHEDULE_PATH}`, { method: "POST", headers: own })).status).toBe(200);
  });
});
