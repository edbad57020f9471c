// Where an agent run's CPU goes, outside workerd but on the same code: the route's POST handler
// (body checks, quota, model choice, the loop, the tools, the UI message stream) with the replayed
// Gemma stream `npm run bench` uses, run many times in one process. Writes a V8 CPU profile
// (bench/results/agent.cpuprofile: open it in Chrome DevTools > Performance) and prints the CPU per
// run and the top functions.
//   node --conditions=react-server --import tsx scripts/profile-agent.ts [runs] [--offline]

import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { BENCH_RECORDING, replayBinding } from "../bench/replay/replay-binding";
import { DEFAULT_LOCALE } from "../lib/i18n/config";

Object.assign(process.env, {
  QUOTA_STORE: "memory",
  QUOTA_SALT: "local-preview-salt-not-a-secret",
  QUOTA_DAILY_UNITS_PER_IP: "1000000",
  QUOTA_DAILY_UNITS_SITE: "1000000",
  QUOTA_BURST_PER_MINUTE: "0",
});
const offline = process.argv.includes("--offline");
// What OpenNext's Worker entry sets for each request: here only the `AI` binding, replaying the
// bench's recording from its first call on every run.
const CLOUDFLARE_CONTEXT = Symbol.for("__cloudflare-context__");
const { POST } = await import("../app/api/agent/route");
const goal = "Quiero un sitio con blog para mi panadería, ¿cuánto cuesta y cuánto tarda?";

async function run(): Promise<string> {
  if (!offline) {
    (globalThis as Record<symbol, unknown>)[CLOUDFLARE_CONTEXT] = { env: { AI: replayBinding(BENCH_RECORDING) } };
  }
  const response = await POST(
    new Request("http://127.0.0.1/api/agent", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "127.0.0.1" },
      body: JSON.stringify({ goal, locale: DEFAULT_LOCALE }),
    }),
  );
  return response.text();
}

const runs = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 200);
const log = console.log;
console.log = () => {};
for (let i = 0; i < 20; i++) await run(); // warm-up: JIT, the isolate's first-use work
// CPU first, without the profiler (its sampling costs CPU too); then the same runs, profiled.
const cpu = process.cpuUsage();
let last = "";
for (let i = 0; i < runs; i++) last = await run();
const used = process.cpuUsage(cpu);
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 100 });
await session.post("Profiler.start");
for (let i = 0; i < runs; i++) await run();
const { profile } = await session.post("Profiler.stop");
console.log = log;
writeFileSync("bench/results/agent.cpuprofile", JSON.stringify(profile));

const reason = /"type":"data-done","data":\{"reason":"(\w+)"/.exec(last)?.[1];
console.log(
  `${runs} runs, last ended "${reason}": ${((used.user + used.system) / 1000 / runs).toFixed(2)} ms CPU a run`,
);

// Self time per function, and per package (node_modules/<name>) or file of ours.
const total = profile.samples?.length ?? 1;
const self = new Map<number, number>();
for (const id of profile.samples ?? []) self.set(id, (self.get(id) ?? 0) + 1);
const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const node of profile.nodes) {
  const samples = self.get(node.id) ?? 0;
  if (!samples) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const place =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? (url.replace(/^.*\/wt-[^/]+\//, "") || "(native)");
  byFunction.set(
    `${functionName || "(anon)"} ${place}:${lineNumber + 1}`,
    (byFunction.get(`${functionName || "(anon)"} ${place}:${lineNumber + 1}`) ?? 0) + samples,
  );
  byPlace.set(place, (byPlace.get(place) ?? 0) + samples);
}
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`)
    .join("\n");
console.log(`by place:\n${top(byPlace, 25)}\nby function:\n${top(byFunction, 30)}`);
