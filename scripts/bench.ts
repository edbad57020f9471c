// `npm run bench`: the numbers the product is judged on, measured (not asserted): tokens per run
// counted with the real Gemma tokenizer, the agent loop's overhead over a bare streamText, the
// Worker's size, and the JavaScript the Lab page ships. Medians over repeated runs.
import { spawn } from "node:child_process";
import { gzipSync } from "node:zlib";
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { streamText } from "ai";
import { runAgent } from "../lib/agent/run-agent";
import { createOfflinePlanner } from "../lib/ai/offline-planner";
import { SITE } from "../lib/content/site";
import { gemmaTokens } from "../tests/support/gemma-tokenizer";
import { readChunks, scriptedModel } from "../tests/support/scripted-model";
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

const GOALS = {
  es: "Quiero un sitio con blog para mi panadería, ¿cuánto cuesta y cuánto tarda?",
  en: "A site with a blog for my bakery, how much and how long?",
} as const;

/** Gemma tokens of what each model call of an offline-planner run really sends. */
async function tokensPerRun(locale: "es" | "en") {
  const planner = createOfflinePlanner({ locale, chunkDelayMs: 0 });
  const calls: LanguageModelV4CallOptions[] = [];
  const doStream = planner.doStream.bind(planner);
  planner.doStream = (options) => {
    calls.push(options);
    return doStream(options);
  };
  const chunks = await readChunks(
    runAgent({ goal: GOALS[locale], locale, studio: SITE.studio.name, model: planner, modelName: "offline-planner" }),
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

/** The loop (limits, checks, data parts) against a bare streamText, same scripted model. */
async function loopOverhead(runs = 30) {
  const script = () => [
    {
      text: "Busco el servicio. ",
      calls: [{ name: "estimate_quote", input: { serviceId: "landing-page", extraIds: [] } }],
    },
    { text: "La página de aterrizaje cuesta entre $ 1.800.000 y $ 2.800.000." },
  ];
  const agent: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    let start = performance.now();
    await readChunks(
      runAgent({
        goal: "landing",
        locale: "es",
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
  const server = spawn("npx", ["next", "start", "-p", String(port), "-H", "127.0.0.1"], { stdio: "ignore" });
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
    const scripts = [...new Set([...html.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1] ?? ""))];
    let gzip = 0;
    for (const src of scripts) gzip += gzipSync(Buffer.from(await (await fetch(`${base}${src}`)).arrayBuffer())).length;
    return { scripts: scripts.length, gzipKiB: gzip / 1024 };
  } finally {
    server.kill();
  }
}

for (const locale of ["es", "en"] as const) {
  const run = await quiet(() => tokensPerRun(locale));
  console.log(
    `offline bakery run (${locale}): ${run.calls} model calls, ${run.gemmaInput} Gemma input tokens; counted at run time: ${run.counted.inputTokens} input + ${run.counted.outputTokens} output`,
  );
}
const overhead = await quiet(() => loopOverhead());
console.log(
  `loop overhead: agent ${overhead.agentMs.toFixed(1)} ms vs bare streamText ${overhead.bareMs.toFixed(1)} ms (median of 30, x${(overhead.agentMs / overhead.bareMs).toFixed(2)})`,
);
if (workerIsBuilt()) {
  const size = measureWorkerSize();
  console.log(`Worker: ${size.rawKiB.toFixed(0)} KiB raw, ${size.gzipKiB.toFixed(0)} KiB gzip (limit 3072)`);
  for (const path of ["/es", "/es/lab/agent", "/es/quote"]) {
    const js = await pageJavaScript(path);
    console.log(`first-load JS ${path}: ${js.scripts} scripts, ${js.gzipKiB.toFixed(1)} KiB gzip`);
  }
} else {
  console.log("no build: run `npm run build:worker` for the Worker size and page JavaScript");
}
