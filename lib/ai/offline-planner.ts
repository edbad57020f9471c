import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
} from "@ai-sdk/provider";
import { estimateJsonTokens, estimateTokens, TOKENS_PER_MESSAGE } from "@/lib/agent/tokens";
import type { Locale } from "@/lib/i18n/config";
import { formatCop, formatWeeks } from "@/lib/i18n/format";

/**
 * The offline planner: a deterministic language model (the AI SDK's model interface) that runs
 * through the very same loop, tools and checks as Gemma. It is what a fresh clone, CI and the
 * e2e tests run. It is not an AI: it reads the goal, calls the tools in a sensible order with
 * real arguments, and writes its answer only from their results.
 */
import { OFFLINE_PLANNER_ID } from "./offline-planner-id";

type Json = Record<string, unknown>;
type Results = Partial<Record<string, Json>>;

type ToolCall = { toolName: string; input: Json };
type Action = { kind: "call"; text?: string; calls: ToolCall[] } | { kind: "answer"; text: string };

const STOP_WORDS = new Set(
  "sitio site website web pagina page en de del la el los las con por para un una the and with for of a an to in on my mi online linea extra plan servicio service".split(
    " ",
  ),
);

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

function stems(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 4 && !STOP_WORDS.has(word))
    .map((word) => word.replace(/(es|s)$/, ""));
}

function goalOf(prompt: LanguageModelV4Prompt): string {
  for (const message of prompt) {
    if (message.role !== "user") continue;
    for (const part of message.content) {
      if (part.type === "text") return /<goal>([\s\S]*)<\/goal>/.exec(part.text)?.[1]?.trim() ?? part.text;
    }
  }
  return "";
}

/** The latest result of each tool, as the model sees it in its prompt. */
function resultsOf(prompt: LanguageModelV4Prompt): Results {
  const results: Results = {};
  for (const message of prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result") continue;
      const { output } = part;
      if (output.type === "json" && output.value && typeof output.value === "object") {
        results[part.toolName] = output.value as Json;
      } else {
        results[part.toolName] = { ok: false };
      }
    }
  }
  return results;
}

const COPY = {
  es: {
    plan: "Voy a buscar en el sitio el servicio que encaja, leer sus detalles, estimar el precio con la calculadora del estudio y sugerirle el siguiente paso.",
    fits: (name: string) => `El servicio que encaja es **${name}**`,
    withExtras: (names: string) => `, con ${names}`,
    range: (min: string, max: string, weeks: string) =>
      `: el rango de referencia es de ${min} a ${max}, y el trabajo toma ${weeks}.`,
    reference: "La cotización final llega después de una llamada corta sin costo.",
    open: "Abrir esta cotización en la calculadora",
    nothing: "No encontré en el sitio un servicio del estudio que encaje con lo que busca.",
    contact: "Lo mejor es contarnos su caso",
    write: "Escribir al estudio",
    partial: "Con lo que alcancé a revisar no puedo darle un rango de precio confiable.",
  },
  en: {
    plan: "I'll search the site for the service that fits, read its details, estimate the price with the studio's calculator and suggest your next step.",
    fits: (name: string) => `The service that fits is **${name}**`,
    withExtras: (names: string) => `, with ${names}`,
    range: (min: string, max: string, weeks: string) =>
      `: the reference range is ${min} to ${max}, and the work takes ${weeks}.`,
    reference: "The final quote comes after a short, free call.",
    open: "Open this quote in the calculator",
    nothing: "I couldn't find a service on this site that fits what you are looking for.",
    contact: "The best next step is to tell us about your case",
    write: "Write to the studio",
    partial: "With what I could check, I can't give you a reliable price range.",
  },
} satisfies Record<Locale, unknown>;

function answer(locale: Locale, results: Results): string {
  const copy = COPY[locale];
  const service = results.get_service?.ok ? (results.get_service.service as Json) : undefined;
  const estimate = results.estimate_quote?.ok ? results.estimate_quote : undefined;
  const next = results.suggest_next_step?.ok ? (results.suggest_next_step.path as string) : undefined;
  if (service && estimate) {
    const price = estimate.price as { min: number; max: number };
    const weeks = estimate.weeks as { min: number; max: number };
    const extras = (service.extras as { id: string; name: string }[]).filter((extra) =>
      (estimate.extraIds as string[]).includes(extra.id),
    );
    const lines = [
      `${copy.fits(String(service.name))}${extras.length ? copy.withExtras(extras.map((e) => e.name.toLowerCase()).join(", ")) : ""}${copy.range(formatCop(price.min, locale), formatCop(price.max, locale), formatWeeks(weeks, locale))}`,
      copy.reference,
    ];
    if (next) lines.push(`[${copy.open}](${next})`);
    return lines.join(" ");
  }
  if (next && results.suggest_next_step?.kind !== "quote") {
    return `${copy.nothing} ${copy.contact}: [${copy.write}](${next})`;
  }
  return service ? copy.partial : copy.nothing;
}

/** The next move, from the goal and the tool results so far. */
export function planNext(locale: Locale, prompt: LanguageModelV4Prompt, toolsOffered: boolean): Action {
  const results = resultsOf(prompt);
  if (!toolsOffered) return { kind: "answer", text: answer(locale, results) };
  const goal = goalOf(prompt);

  if (!results.search_site) {
    const query = goal.slice(0, 200) || "servicios";
    return { kind: "call", text: COPY[locale].plan, calls: [{ toolName: "search_site", input: { query, locale } }] };
  }
  const matches = (results.search_site.results as { path: string }[] | undefined) ?? [];
  const serviceId = matches.map((m) => /\/services\/([a-z0-9-]+)$/.exec(m.path)?.[1]).find(Boolean);
  if (!serviceId) {
    if (!results.suggest_next_step) {
      return { kind: "call", calls: [{ toolName: "suggest_next_step", input: { kind: "contact" } }] };
    }
    return { kind: "answer", text: answer(locale, results) };
  }
  if (!results.get_service) return { kind: "call", calls: [{ toolName: "get_service", input: { serviceId } }] };

  const service = results.get_service.ok ? (results.get_service.service as Json) : undefined;
  // An extra is wanted when the goal names it: a word of its name or id (not of the service's
  // own name) shares a stem with a word of the goal ("fotos" ~ "fotografía").
  const serviceWords = new Set(stems(String(service?.name ?? "")));
  const goalStems = stems(goal).filter((stem) => !serviceWords.has(stem));
  const alike = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);
  const extraIds = ((service?.extras as { id: string; name: string }[] | undefined) ?? [])
    .filter((extra) =>
      stems(`${extra.name} ${extra.id}`).some(
        (stem) => !serviceWords.has(stem) && goalStems.some((g) => alike(g, stem)),
      ),
    )
    .map((extra) => extra.id);
  // Both in one call, as a model may: each model call re-sends everything before it.
  if (!results.estimate_quote) {
    return {
      kind: "call",
      calls: [
        { toolName: "estimate_quote", input: { serviceId, extraIds } },
        { toolName: "suggest_next_step", input: { kind: "quote", serviceId, extraIds } },
      ],
    };
  }
  return { kind: "answer", text: answer(locale, results) };
}

/** Counts what a chat template would send: the texts, the tool calls and results, the tool schemas. */
function promptTokens(options: LanguageModelV4CallOptions): number {
  let tokens = estimateJsonTokens(options.tools ?? []);
  for (const message of options.prompt) {
    tokens += TOKENS_PER_MESSAGE;
    if (message.role === "system") {
      tokens += estimateTokens(message.content);
      continue;
    }
    for (const part of message.content) {
      if (part.type === "text") tokens += estimateTokens(part.text);
      else if (part.type === "tool-call") tokens += estimateJsonTokens({ name: part.toolName, arguments: part.input });
      else if (part.type === "tool-result")
        tokens += estimateJsonTokens("value" in part.output ? part.output.value : null);
    }
  }
  return tokens;
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let index = 0; index < text.length; index += size) out.push(text.slice(index, index + size));
  return out;
}

export function createOfflinePlanner({
  locale,
  chunkDelayMs = 12,
}: {
  locale: Locale;
  chunkDelayMs?: number;
}): LanguageModelV4 {
  let calls = 0;
  return {
    specificationVersion: "v4",
    provider: "lab-agent",
    modelId: OFFLINE_PLANNER_ID,
    supportedUrls: {},
    doGenerate() {
      throw new Error("the offline planner only streams");
    },
    async doStream(options: LanguageModelV4CallOptions) {
      calls += 1;
      const toolsOffered = (options.tools?.length ?? 0) > 0 && options.toolChoice?.type !== "none";
      const action = planNext(locale, options.prompt, toolsOffered);
      const parts: LanguageModelV4StreamPart[] = [{ type: "stream-start", warnings: [] }];
      const text = action.text ?? "";
      if (text) {
        parts.push({ type: "text-start", id: `t${calls}` });
        for (const delta of pieces(text, 14)) parts.push({ type: "text-delta", id: `t${calls}`, delta });
        parts.push({ type: "text-end", id: `t${calls}` });
      }
      let output = estimateTokens(text);
      for (const [n, call] of (action.kind === "call" ? action.calls : []).entries()) {
        const id = `call_${calls}_${n}`;
        const input = JSON.stringify(call.input);
        parts.push({ type: "tool-input-start", id, toolName: call.toolName });
        for (const delta of pieces(input, 10)) parts.push({ type: "tool-input-delta", id, delta });
        parts.push({ type: "tool-input-end", id });
        parts.push({ type: "tool-call", toolCallId: id, toolName: call.toolName, input });
        output += estimateTokens(input);
      }
      const inputTokens = promptTokens(options);
      parts.push({
        type: "finish",
        finishReason: { unified: action.kind === "call" ? "tool-calls" : "stop", raw: undefined },
        usage: {
          inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: output, text: output, reasoning: undefined },
        },
      });

      const signal = options.abortSignal;
      let index = 0;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        async pull(controller) {
          if (signal?.aborted) {
            controller.error(signal.reason ?? new Error("aborted"));
            return;
          }
          const part = parts[index++];
          if (!part) {
            controller.close();
            return;
          }
          if (chunkDelayMs > 0 && (part.type === "text-delta" || part.type === "tool-input-delta")) {
            await new Promise((resolve) => setTimeout(resolve, chunkDelayMs));
          }
          controller.enqueue(part);
        },
      });
      return { stream };
    },
  };
}
