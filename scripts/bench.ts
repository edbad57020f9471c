// `npm run bench`: the numbers the product is judged on, measured (not asserted): tokens per run
// counted with the real Gemma tokenizer, the agent loop's overhead over a bare streamText, and,
// after `npm run build:worker`, the Worker's size, the JavaScript the Lab page ships and the CPU
// each request costs in workerd (scripts/bench-cpu.ts). Medians over repeated runs. Also what a run
// can cost at worst: under the limits, and in the adversarial suite. Results go to
// bench/results/latest.json and latest.md. `npm run bench -- --cpu` measures only the CPU;
// `-- --tokens` only counts Gemma tokens and writes nothing (what `npm run gemma-tokens` runs).
// `-- --pages [/path …] [--runs N] [--page /path …] [--site DIR] [--before DIR] [--without-scripts]` measures only the
// pages against a bare Next page with Lighthouse (scripts/bench-pages.ts) and writes that table into the results and
// docs/benchmarks.md; a run of a few pages (or of `--site`'s build) writes bench/results/partial-pages-<date>.json instead.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { streamText } from "ai";
import { BENCH_RECORDING } from "../bench/replay/replay-binding";
import { createOfflinePlanner } from "../lib/agent/offline-planner";
import { systemPrompt } from "../lib/agent/prompt";
import { runAgent } from "../lib/agent/run-agent";
import { createAgentTools } from "../lib/agent/tools";
import { SITE } from "../lib/content/site";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../lib/i18n/config";
import { getDictionary } from "../lib/i18n/dictionary";
import { formatMoneyRange } from "../lib/i18n/format";
import { LAB_PAGES } from "../lib/site/nav";
import { paths } from "../lib/site/paths";
import { estimateTokens } from "../lib/text/tokens";
import { gemmaTokens, toolSchemasJson } from "../tests/support/gemma-tokenizer";
import { readChunks, scriptedModel } from "../tests/support/scripted-model";
import { BAKERY_GOAL, type CpuRow, measureWorkerCpu } from "./bench-cpu";
import {
  beforeAfterTable,
  benchPages,
  PAGES_DOC,
  type PagesBench,
  pagesTable,
  RELATIVE_LINKS_NOTE,
  SCRIPTS_CAPTION,
  scriptsTable,
  startServer,
  stopServer,
  WHERE_CAPTION,
  whereTable,
  withPagesTable,
} from "./bench-pages";
import { pagesArgs, pagesResultsTarget } from "./bench-pages-args";
import { benchStreams, STREAM_PACE_TOKENS_PER_SECOND, type StreamCost } from "./bench-stream";
import { worstAdversarialRun, worstCaseRun } from "./bench-worst-case";
import { firstLoadScripts } from "./first-load-js";
import { measureWorkerSize, workerIsBuilt } from "./worker-size";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Runs `work` without the agent's one-line run logs. */
async function quiet<T>(work: () => Promise<T>): Promise<T> {
  const log = console.log;
  console.log = () => {};
  try {
    return await work();
  } finally {
    console.log = log;
  }
}

/** The offline run's goal: the recording's where it was recorded, else the studio's first example goal. */
const goalIn = (locale: Locale) =>
  locale === BENCH_RECORDING.locale
    ? BAKERY_GOAL
    : (getDictionary(locale).agent.console.exampleGoals[0] ?? BAKERY_GOAL);

/** Gemma tokens of what each model call of an offline-planner run really sends. */
async function tokensPerRun(locale: Locale) {
  const planner = createOfflinePlanner({ locale, chunkDelayMs: 0 });
  const calls: LanguageModelV4CallOptions[] = [];
  const doStream = planner.doStream.bind(planner);
  planner.doStream = (options) => {
    calls.push(options);
    return doStream(options);
  };
  const chunks = await readChunks(
    runAgent({ goal: goalIn(locale), locale, studio: SITE.studio.name, model: planner, modelName: "offline-planner" }),
  );
  const done = chunks.find((c) => c.type === "data-done") as {
    data: { usage: { inputTokens: number; outputTokens: number } };
  };
  const perCall = calls.map((call) => {
    const text = call.prompt
      .map((message) =>
        typeof message.content === "string"
          ? message.content
          : message.content.map((part) => ("text" in part ? part.text : JSON.stringify(part))).join("\n"),
      )
      .join("\n");
    return gemmaTokens(text) + gemmaTokens(JSON.stringify(call.tools ?? []));
  });
  return { calls: calls.length, gemmaInput: perCall.reduce((a, b) => a + b, 0), counted: done.data.usage };
}

/**
 * What every model call of a run re-sends, in Gemma tokens and by the run-time count: the system
 * prompt, and the tool schemas on every call but the last (which goes out with none).
 */
async function fixedPrefix(locale: Locale) {
  const prompt = systemPrompt(locale, SITE.studio.name);
  const schemas = await toolSchemasJson(createAgentTools({ locale }));
  const gemma = { systemPrompt: gemmaTokens(prompt), toolSchemas: gemmaTokens(schemas) };
  return {
    gemma: { ...gemma, callWithTools: gemma.systemPrompt + gemma.toolSchemas, lastCall: gemma.systemPrompt },
    countedAtRunTime: { systemPrompt: estimateTokens(prompt), toolSchemas: estimateTokens(schemas) },
  };
}

/** The loop (limits, checks, data parts) against a bare streamText, same scripted model. */
async function loopOverhead(runs = 30) {
  const [service] = SITE.services;
  if (!service) throw new Error("the studio has no service");
  const script = () => [
    { text: "… ", calls: [{ name: "estimate_quote", input: { serviceId: service.id, extraIds: [] } }] },
    { text: `${service.text[DEFAULT_LOCALE].name}: ${formatMoneyRange(service.price, DEFAULT_LOCALE)}.` },
  ];
  const agent: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    let start = performance.now();
    await readChunks(
      runAgent({
        goal: "landing",
        locale: DEFAULT_LOCALE,
        studio: SITE.studio.name,
        model: scriptedModel(script()).model,
        modelName: "m",
      }),
    );
    agent.push(performance.now() - start);
    start = performance.now();
    const result = streamText({ model: scriptedModel(script()).model, prompt: "landing" });
    await readChunks(result.toUIMessageStream());
    bare.push(performance.now() - start);
  }
  return { agentMs: median(agent), bareMs: median(bare) };
}

/** Gzip bytes of the scripts a page loads on first visit, from a running `next start`. */
async function pageJavaScript(path: string) {
  const port = 3300 + Math.floor(Math.random() * 500);
  // Its own process group: killing `npx` alone would leave `next-server` running after the bench.
  const server = spawn("npx", ["next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    stdio: "ignore",
    detached: true,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i += 1) {
      if (
        await fetch(`${base}/api/health`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const html = await (await fetch(`${base}${path}`)).text();
    const scripts = firstLoadScripts(html);
    let gzip = 0;
    for (const src of scripts) gzip += gzipSync(Buffer.from(await (await fetch(`${base}${src}`)).arrayBuffer())).length;
    return { scripts: scripts.length, gzipKiB: gzip / 1024 };
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
}

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: `${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, ${os.platform()} ${os.release()}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
};
const cpuOnly = process.argv.includes("--cpu");
const tokensOnly = process.argv.includes("--tokens");

if (process.argv.includes("--stream")) {
  const streams = { date: String(results.date), machine: String(results.machine), uses: await streamCosts() };
  console.log(streamTable(streams.uses));
  writeResults({ ...lastResults(), streams });
  process.exit(0);
}

if (process.argv.includes("--pages")) {
  const args = pagesArgs(process.argv);
  const { runs } = args;
  const pages = {
    date: String(results.date),
    machine: String(results.machine),
    runs,
    ...(await benchPages(args)),
  };
  console.log(pagesTable(pages));
  console.log(`\nwhere the main thread goes beyond the bare page's:\n${whereTable(pages)}`);
  if (pages.before) console.log(`\nbefore (${pages.before.commit}) → after:\n${beforeAfterTable(pages)}`);
  const scripts = scriptsTable(pages);
  if (scripts) console.log(`\nwithout the script files:\n${scripts}`);
  const target = pagesResultsTarget(args, pages.date);
  if (!target.full) {
    mkdirSync(path.dirname(target.file), { recursive: true });
    writeFileSync(target.file, `${JSON.stringify(pages, null, 2)}\n`);
    console.log(`a partial run (some pages, or another checkout): wrote ${target.file}, not ${PAGES_DOC} or latest`);
    process.exit(0);
  }
  // What the last full run measured stays; only the pages' table is new.
  writeResults({ ...lastResults(), pages });
  const when = `${pages.date.slice(0, 10)}, ${pages.machine}; Lighthouse ${pages.lighthouse}, median of ${runs} runs a page (${pages.bare.runs} of the bare page), interleaved (✗: a target missed)${pages.relativeLinks ? `; ${RELATIVE_LINKS_NOTE}` : ""}:`;
  const where = `${WHERE_CAPTION}\n\n${whereTable(pages)}${scripts ? `\n\n${SCRIPTS_CAPTION}\n\n${scripts}` : ""}`;
  const tables = pages.before
    ? `${pagesTable(pages)}\n\n${where}\n\nThe same pages before, at ${pages.before.commit}, in the same rounds:\n\n${beforeAfterTable(pages)}`
    : `${pagesTable(pages)}\n\n${where}`;
  writeFileSync(PAGES_DOC, withPagesTable(readFileSync(PAGES_DOC, "utf8"), tables, when));
  console.log(`wrote the pages table into ${PAGES_DOC}`);
  process.exit(0);
}

if (!cpuOnly) {
  const prefix: Record<string, unknown> = {};
  for (const locale of LOCALES) {
    const run = await quiet(() => tokensPerRun(locale));
    results[`tokens_${locale}`] = run;
    console.log(
      `offline bakery run (${locale}): ${run.calls} model calls, ${run.gemmaInput} Gemma input tokens; counted at run time: ${run.counted.inputTokens} input + ${run.counted.outputTokens} output`,
    );
    const fixed = await fixedPrefix(locale);
    prefix[locale] = fixed;
    console.log(
      `fixed prefix per call (${locale}): ${fixed.gemma.callWithTools} Gemma tokens with the tools (${fixed.gemma.systemPrompt} prompt + ${fixed.gemma.toolSchemas} schemas), ${fixed.gemma.lastCall} on the last call; counted at run time ${fixed.countedAtRunTime.systemPrompt} + ${fixed.countedAtRunTime.toolSchemas}`,
    );
  }
  results.fixedPrefixPerCall = prefix;
}
if (tokensOnly) process.exit(0);

if (!cpuOnly) {
  const limits = worstCaseRun();
  const seen = worstAdversarialRun();
  results.worstCase = { underTheLimits: limits, adversarialSuite: seen };
  console.log(
    `worst case a run can spend under the limits: ${limits.tokens} tokens (${limits.inputTokens} in + ${limits.outputTokens} out), ${limits.neurons} neurons (${limits.runsPerFreeDay} such runs in the free 10,000 a day)`,
  );
  console.log(
    `worst seen in the adversarial suite (${seen.cases} cases): ${seen.mostTokens.tokens} tokens ("${seen.mostTokens.case}"), ${seen.mostNeurons.neurons} neurons ("${seen.mostNeurons.case}")`,
  );
  const overhead = await quiet(() => loopOverhead());
  results.loopOverhead = overhead;
  console.log(
    `loop overhead: agent ${overhead.agentMs.toFixed(1)} ms vs bare streamText ${overhead.bareMs.toFixed(1)} ms (median of 30, x${(overhead.agentMs / overhead.bareMs).toFixed(2)})`,
  );
}
if (workerIsBuilt()) {
  if (!cpuOnly) {
    const size = measureWorkerSize();
    results.worker = size;
    console.log(`Worker: ${size.rawKiB.toFixed(0)} KiB raw, ${size.gzipKiB.toFixed(0)} KiB gzip (limit 3072)`);
    const pages: Record<string, unknown> = {};
    // The studio's own pages in its first language: home, the Lab's agent, the calculator.
    const benchPages = [paths.home(DEFAULT_LOCALE), LAB_PAGES.agent?.(DEFAULT_LOCALE), paths.quote(DEFAULT_LOCALE)];
    for (const path of benchPages.filter((page) => page !== undefined)) {
      const js = await pageJavaScript(path);
      pages[path] = js;
      console.log(`first-load JS ${path}: ${js.scripts} scripts, ${js.gzipKiB.toFixed(1)} KiB gzip`);
    }
    results.firstLoadJs = pages;
  }
  console.log("CPU per request, the built Worker alone in workerd (main thread):");
  const cpu = await measureWorkerCpu();
  if (cpu) {
    results.cpu = cpu;
    console.log(cpuTable(cpu));
  }
} else {
  console.log(
    "no build: run `npm run build:worker` first for the Worker size, the page JavaScript and the CPU per request in workerd",
  );
}
// `-- --cpu` measures only the CPU: what the last full run measured stays in the results.
writeResults(cpuOnly ? { ...lastResults(), ...results } : results);

function lastResults(): Record<string, unknown> {
  const file = "bench/results/latest.json";
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
}

function cpuTable(rows: CpuRow[]): string {
  const lines = [
    "| request | CPU per request (median) | p90 | all threads (median) | requests |",
    "| --- | --- | --- | --- | --- |",
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.request} | ${row.medianMs.toFixed(1)} ms | ${row.p90Ms.toFixed(1)} ms | ${row.allThreadsMs.toFixed(1)} ms | ${row.requests} |`,
    );
  }
  return lines.join("\n");
}

/** The worst case and the fixed prefix, as Markdown, when this run measured them. */
function spendLines(data: Record<string, unknown>): string[] {
  const worst = data.worstCase as
    | { underTheLimits: ReturnType<typeof worstCaseRun>; adversarialSuite: ReturnType<typeof worstAdversarialRun> }
    | undefined;
  const prefix = data.fixedPrefixPerCall as Record<string, Awaited<ReturnType<typeof fixedPrefix>>> | undefined;
  if (!worst || !prefix) return [];
  const { underTheLimits: limits, adversarialSuite: seen } = worst;
  return [
    "What one agent run can spend:",
    "",
    "| | tokens | neurons |",
    "| --- | --- | --- |",
    `| at worst under the limits (${limits.inputTokens} in + ${limits.outputTokens} out) | ${limits.tokens} | ${limits.neurons} |`,
    `| worst seen in the adversarial suite (${seen.cases} cases) | ${seen.mostTokens.tokens} | ${seen.mostNeurons.neurons} |`,
    "",
    "The fixed prefix every call re-sends, in Gemma tokens (the last call goes out without the tool schemas):",
    "",
    "| locale | system prompt | tool schemas | a call with tools | the last call |",
    "| --- | --- | --- | --- | --- |",
    ...Object.entries(prefix).map(
      ([locale, { gemma }]) =>
        `| ${locale} | ${gemma.systemPrompt} | ${gemma.toolSchemas} | ${gemma.callWithTools} | ${gemma.lastCall} |`,
    ),
    "",
  ];
}

/** The Lab pages while an answer streams (scripts/bench-stream.ts), on this checkout's build. */
async function streamCosts(): Promise<StreamCost[]> {
  const port = 4300 + Math.floor(Math.random() * 90);
  const server = await startServer(process.cwd(), port, {
    QUOTA_STORE: "memory",
    QUOTA_SALT: "bench-stream-salt-not-a-secret",
    TRUSTED_IP_HEADER: "x-real-ip",
  });
  try {
    const [locale] = LOCALES;
    const goals = JSON.parse(readFileSync("bench/golden-goals.json", "utf8")) as { locale: string; goal: string }[];
    const goal = goals.find((entry) => entry.locale === locale)?.goal;
    if (!locale || !goal || !LAB_PAGES.agent || !LAB_PAGES.assistant)
      throw new Error("no Lab agent and assistant to measure");
    return await benchStreams(
      `http://127.0.0.1:${port}`,
      { agent: LAB_PAGES.agent(locale), chat: LAB_PAGES.assistant(locale) },
      { goal, question: goal, locale },
    );
  } finally {
    stopServer(server);
  }
}

function streamTable(uses: StreamCost[]): string {
  return [
    `| paced at ${STREAM_PACE_TOKENS_PER_SECOND} tokens/s, 4x CPU slowdown | tokens | long tasks (> 50 ms) | longest | main thread per token | of it script |`,
    "| --- | --- | --- | --- | --- | --- |",
    ...uses.map(
      (use) =>
        `| ${use.use === "agent" ? "agent run" : "chat answer"} | ${use.tokens} | ${use.longTasks} | ${use.longestTaskMs.toFixed(0)} ms | ${use.mainThreadMsPerToken.toFixed(2)} ms | ${use.scriptMsPerToken.toFixed(2)} ms |`,
    ),
  ].join("\n");
}

/** `-- --pages`' comparison with the bare Next page, as Markdown, when a run made one. */
function pagesLines(pages: (PagesBench & { date: string; machine: string; runs: number }) | undefined): string[] {
  if (!pages) return [];
  return [
    `Pages against a bare Next.js page (\`npm run bench -- --pages\`, ${pages.date}, ${pages.machine}): Lighthouse`,
    `${pages.lighthouse}, mobile, simulated throttling, Debian's Chromium, \`next start\`; median of ${pages.runs} runs a page,`,
    `the bare page interleaved (${pages.bare.runs} runs). JS: every script's transfer size while Lighthouse watched. ✗: a target missed`,
    "(TBT and main-thread work within 1.3x the bare page's, performance at most 3 below, LCP < 2.5 s, Best Practices 100).",
    "",
    pagesTable(pages),
    "",
    // Results saved without the groups skip this table.
    ...(pages.relativeLinks ? [`This run's build: ${RELATIVE_LINKS_NOTE}.`, ""] : []),
    ...(pages.bare.groups ? [WHERE_CAPTION, "", whereTable(pages), ""] : []),
    ...(pages.bare.withoutScripts ? [SCRIPTS_CAPTION, "", scriptsTable(pages), ""] : []),
    ...(pages.before
      ? [`The same pages before, at ${pages.before.commit}, in the same rounds:`, "", beforeAfterTable(pages), ""]
      : []),
  ];
}

function writeResults(data: Record<string, unknown>): void {
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/latest.json", `${JSON.stringify(data, null, 2)}\n`);
  const md = [
    "# `npm run bench`: latest results",
    "",
    `${data.date}, ${data.machine}, Node ${process.versions.node}.`,
    "",
    "CPU per request: the CPU time of the main thread of a `workerd` process that runs the built Worker",
    "alone (wrangler's deploy bundle, `ASSETS` on workerd's disk service; no wrangler dev, proxy or",
    "inspector), read from `/proc/<pid>/task/<pid>/sched` around each request after warm-up. It",
    "includes the Worker's JavaScript, workerd's HTTP and streams and the GC on that thread; \"all",
    "threads\" adds V8's background GC and compilation. It excludes isolate start-up and the time a",
    "run waits on its model. The replayed runs are a recorded Gemma 4 stream, one SSE event a token,",
    "all at once, or paced at a model's rate by the bench's own server on loopback through a service",
    "binding, so each token reaches the Worker as a socket read of its own, as Workers AI's do.",
    "",
    data.cpu ? cpuTable(data.cpu as CpuRow[]) : "(no build: run `npm run build:worker` first)",
    "",
    ...spendLines(data),
    ...(data.streams
      ? [
          "The Lab pages while an answer streams (`npm run bench -- --stream`): a recorded offline run and chat answer,",
          "cut into token-sized pieces and replayed into the page by a proxy, in Debian's Chromium; per token: script, style and layout.",
          "",
          streamTable((data.streams as { uses: StreamCost[] }).uses),
          "",
        ]
      : []),
    ...pagesLines(data.pages as (PagesBench & { date: string; machine: string; runs: number }) | undefined),
    "Everything measured, as JSON: `bench/results/latest.json`.",
    "",
  ];
  writeFileSync("bench/results/latest.md", md.join("\n"));
  console.log("wrote bench/results/latest.json and bench/results/latest.md");
}
