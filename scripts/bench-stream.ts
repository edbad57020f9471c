// What the Lab pages cost the browser while an answer streams: an agent run and a chat answer,
// recorded once from the running site (the offline models), cut into token-sized pieces and
// replayed into the page at a model's pace (50 tokens a second) by a small proxy in front of the
// site, in Debian's Chromium at 4x CPU slowdown. Measured: the long tasks while it streams
// (PerformanceObserver 'longtask') and the page's main-thread time per streamed token (CDP
// Performance metrics: script, style and layout).
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type CDPSession, chromium } from "@playwright/test";

export const STREAM_PACE_TOKENS_PER_SECOND = 50;
/** `--save`: each use's CPU profile while it streams, to bench/results/stream-<use>.cpuprofile (DevTools opens it). */
const SAVE_PROFILE = process.argv.includes("--save");
/** About a token of prose: what one paced piece carries. */
const TOKEN_CHARS = 4;

export type StreamCost = {
  use: "agent" | "chat";
  tokens: number;
  streamMs: number;
  longTasks: number;
  longestTaskMs: number;
  mainThreadMsPerToken: number;
  scriptMsPerToken: number;
};

type Recording = { status: number; headers: Record<string, string>; events: string[] };

/** The UI message stream's events, each delta cut into pieces of about a token. */
export function tokenEvents(body: string): string[] {
  return body
    .split("\n\n")
    .filter((event) => event.trim() !== "")
    .flatMap((event) => {
      const data = event.startsWith("data: ") ? event.slice("data: ".length) : null;
      if (!data || data === "[DONE]") return [event];
      const chunk = JSON.parse(data) as Record<string, unknown>;
      const field = chunk.type === "text-delta" ? "delta" : chunk.type === "tool-input-delta" ? "inputTextDelta" : null;
      const text = field ? chunk[field] : undefined;
      if (!field || typeof text !== "string" || text.length <= TOKEN_CHARS) return [event];
      const pieces = text.match(new RegExp(`[\\s\\S]{1,${TOKEN_CHARS}}`, "g")) ?? [];
      return pieces.map((piece) => `data: ${JSON.stringify({ ...chunk, [field]: piece })}`);
    });
}

const isDelta = (event: string) => /"type":"(text-delta|tool-input-delta|reasoning-delta)"/.test(event);

async function record(site: string, path: string, body: unknown): Promise<Recording> {
  const response = await fetch(`${site}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-real-ip": "198.51.100.7" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`recording ${path}: ${response.status} ${text.slice(0, 200)}`);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (!["content-length", "content-encoding", "transfer-encoding", "connection"].includes(key)) headers[key] = value;
  });
  return { status: response.status, headers, events: tokenEvents(text) };
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
  });

/**
 * A proxy to `site` that answers POSTs to the recorded routes with their recording, one delta
 * every 1/50 s, each written as its own network chunk. `served` counts the deltas of the last reply.
 */
async function pacedProxy(site: string, recordings: Record<string, Recording>) {
  const state = { served: 0, finished: () => {} };
  /** Resolves when the next paced reply has been written whole. */
  const nextReply = () =>
    new Promise<void>((resolve) => {
      state.finished = resolve;
    });
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const recording = request.method === "POST" ? recordings[request.url ?? ""] : undefined;
    if (recording) {
      response.writeHead(recording.status, recording.headers);
      state.served = 0;
      for (const event of recording.events) {
        response.write(`${event}\n\n`);
        if (isDelta(event)) {
          state.served += 1;
          await new Promise((resolve) => setTimeout(resolve, 1000 / STREAM_PACE_TOKENS_PER_SECOND));
        }
      }
      response.end();
      state.finished();
      return;
    }
    const upstream = await fetch(`${site}${request.url}`, {
      method: request.method,
      headers: Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "host",
        ),
      ),
      body: ["GET", "HEAD"].includes(request.method ?? "GET") ? undefined : new Uint8Array(body),
      redirect: "manual",
    });
    const headers: Record<string, string> = {};
    upstream.headers.forEach((value, key) => {
      if (!["content-length", "content-encoding", "transfer-encoding", "connection"].includes(key))
        headers[key] = value;
    });
    response.writeHead(upstream.status, headers);
    response.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    nextReply,
    close: () => server.close(),
  };
}

type Metrics = Record<string, number>;

async function mainThread(cdp: CDPSession) {
  const { metrics } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
  const byName: Metrics = Object.fromEntries(metrics.map(({ name, value }) => [name, value * 1000]));
  return {
    script: byName.ScriptDuration ?? 0,
    all: (byName.ScriptDuration ?? 0) + (byName.RecalcStyleDuration ?? 0) + (byName.LayoutDuration ?? 0),
  };
}

/**
 * Opens `pagePath` through the proxy, lets the console load its engine (a pointer over it), then
 * types `text` and sends it, and measures until the paced reply has been read.
 */
async function measure(
  proxy: Awaited<ReturnType<typeof pacedProxy>>,
  use: StreamCost["use"],
  pagePath: string,
  text: string,
  sendKey: string,
): Promise<StreamCost> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = [];
      (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: "longtask", buffered: true });
    });
    await page.goto(`${proxy.url}${pagePath}`, { waitUntil: "load" });
    const box = page.locator("textarea").first();
    await box.hover();
    await box.fill(text);
    // The engine's chunks load and run before the measured part: the stream is what is measured.
    await page.waitForLoadState("networkidle");
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Performance.enable");
    if (SAVE_PROFILE) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.start");
    }
    const before = await mainThread(cdp);
    const since = await page.evaluate(() => performance.now());
    const started = Date.now();
    const replied = proxy.nextReply();
    await box.press(sendKey);
    await replied;
    // The last pieces reach the page and render.
    await page.waitForTimeout(500);
    const streamMs = Date.now() - started;
    const after = await mainThread(cdp);
    if (SAVE_PROFILE) {
      const { profile } = (await cdp.send("Profiler.stop")) as { profile: unknown };
      mkdirSync("bench/results", { recursive: true });
      writeFileSync(`bench/results/stream-${use}.cpuprofile`, JSON.stringify(profile));
    }
    const tasks = (
      await page.evaluate(
        () => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
      )
    ).filter((task) => task.start >= since);
    const tokens = proxy.state.served;
    return {
      use,
      tokens,
      streamMs,
      longTasks: tasks.length,
      longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
      mainThreadMsPerToken: (after.all - before.all) / tokens,
      scriptMsPerToken: (after.script - before.script) / tokens,
    };
  } finally {
    await browser.close();
  }
}

/** Both Lab uses that stream text, against the running site at `site`. */
export async function benchStreams(
  site: string,
  pages: { agent: string; chat: string },
  inputs: { goal: string; question: string; locale: string },
): Promise<StreamCost[]> {
  const recordings = {
    "/api/agent": await record(site, "/api/agent", { goal: inputs.goal, locale: inputs.locale }),
    "/api/chat": await record(site, "/api/chat", {
      locale: inputs.locale,
      messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: inputs.question }] }],
    }),
  };
  const proxy = await pacedProxy(site, recordings);
  try {
    return [
      // The goal box runs on Ctrl+Enter (Enter is a new line); the chat sends on Enter.
      await measure(proxy, "agent", pages.agent, inputs.goal, "Control+Enter"),
      await measure(proxy, "chat", pages.chat, inputs.question, "Enter"),
    ];
  } finally {
    proxy.close();
  }
}
