// Writes bench/replay/gemma-bakery-es.json: the stream `npm run bench` replays as Gemma 4 on
// Workers AI (bench/replay/replay-binding.ts). Each text and argument piece is one real Gemma token
// (the tokenizer the tests use), as Workers AI streams them, one SSE event each; the amounts and
// links come from the tools' own functions, so the run's checks pass as on a real good run.
// The usage each call reports is what Workers AI would: the Gemma count of what the loop really
// sends (found by replaying the run through the loop and counting its requests) and of what the
// call writes, so the budget believes it as it believes the real model.
// Run it again (`npx tsx --conditions=react-server scripts/record-replay-stream.ts`, after
// `npm run gemma-tokens` has installed the tokenizer) after changing the catalog, the tools or the prompt.
import { writeFileSync } from "node:fs";
import { replayBinding } from "../bench/replay/replay-binding";
import type { RecordedStream } from "../bench/replay/replay-stream";
import { runAgent } from "../lib/agent/run-agent";
import { quoteFor } from "../lib/agent/tools/estimate-quote";
import { getService } from "../lib/agent/tools/get-service";
import { suggestNextStep } from "../lib/agent/tools/suggest-next-step";
import { DEFAULT_AGENT_MODEL } from "../lib/ai/default-models";
import { workersAIModel } from "../lib/ai/providers";
import { SITE } from "../lib/content/site";
import { isLocale, type Locale } from "../lib/i18n/config";
import { formatMoneyRange, formatWeeks } from "../lib/i18n/format";
import { searchSite } from "../lib/search/site";
import { gemmaTokenizer } from "../tests/support/gemma-tokenizer";

const tokenizer = gemmaTokenizer();
/** `text` as Gemma's tokens, each decoded on its own: the deltas a token-by-token stream sends. */
function tokens(text: string): string[] {
  const ids: number[] = tokenizer.encode(text, { add_special_tokens: false });
  // Decoded as growing prefixes: a character split over byte tokens goes out whole, with its last byte.
  const pieces: string[] = [];
  let sent = "";
  for (let i = 1; i <= ids.length; i++) {
    const prefix = tokenizer.decode(ids.slice(0, i));
    if (prefix.endsWith("\uFFFD") && i < ids.length) continue;
    pieces.push(prefix.slice(sent.length));
    sent = prefix;
  }
  if (pieces.join("") !== text) throw new Error(`tokens do not rebuild the text: ${text.slice(0, 40)}…`);
  return pieces;
}

// The recording is of the demo studio's Spanish run (its catalog, its words): it needs the demo's
// content in content/ (tests/fixtures/studios/demo).
const recordedIn = "es";
if (!isLocale(recordedIn))
  throw new Error(`the recording is in "${recordedIn}", which content/ has not: use the demo studio`);
const locale: Locale = recordedIn;
const serviceId = "website-with-blog";
const extraIds = ["seo-setup", "photo-session"];
const found = searchSite("sitio web con blog panadería", locale);
const service = getService(serviceId, locale);
const quote = quoteFor(serviceId, extraIds);
const next = suggestNextStep("quote", serviceId, extraIds, { locale });
if (!found.results[0] || !service.ok || !quote.ok || !next.ok) throw new Error("the catalog changed: edit this script");
const page = found.results[0];

const plan =
  "Voy a buscar en el sitio el servicio que mejor encaja con un sitio con blog para una panadería, revisar qué incluye y sus extras, calcular el precio con la herramienta de cotización y proponerte el siguiente paso. Empiezo por buscar en los servicios, los proyectos y las preguntas frecuentes del estudio, porque una panadería suele necesitar mostrar sus productos, su horario, su ubicación y una forma sencilla de hacer pedidos, y quiero ver qué opción cubre eso sin sumar cosas que no vas a usar.";
const afterSearch = `La búsqueda muestra que el servicio que encaja es «${page.title}». Antes de calcular, reviso qué incluye, cuánto tarda y qué extras ofrece para una panadería que quiere publicar recetas, novedades y su horario. También miro si hay un proyecto parecido del estudio, porque un caso real ayuda a saber qué esperar en tiempos, en fotos de producto y en la forma de recibir pedidos por WhatsApp o por el formulario de contacto.`;
const afterService = `${service.service.name} incluye lo necesario para publicar el blog. Para una panadería conviene sumar la configuración SEO, para que la encuentren en Google, y una sesión de fotos de los productos. Los pagos en línea y el catálogo de WhatsApp pueden esperar a que el blog tenga visitas, así que no los sumo por ahora. Calculo el precio con esos dos extras y preparo el enlace a la cotización, para que puedas ajustar los extras tú mismo si quieres comparar opciones.`;
// The answer keeps to the prompt's five sentences. Longer, it would be cut: the loop counts this
// prose at 1.4-1.7x Gemma's tokens, so its 350-token cap passes ~210-250 Gemma tokens whole.
const answer = [
  `Para tu panadería te recomiendo el servicio [${page.title}](${page.path}): un sitio con blog donde puedes publicar recetas, novedades, promociones y el horario de atención, administrado por ti sin depender de nadie.`,
  `Con la configuración SEO y la sesión de fotos de tus productos, el precio está entre ${formatMoneyRange(quote.price, locale)} y la entrega toma ${formatWeeks(quote.weeks, locale)}.`,
  "El precio incluye el diseño a la medida, la versión para celular, el blog listo para publicar y una capacitación para que escribas tus propias entradas; las fotos profesionales hacen que tus panes y tortas se vean tan bien como saben.",
  "Si más adelante quieres vender en línea o recibir pedidos por WhatsApp, esos extras se pueden sumar sin rehacer el sitio.",
  `Puedes revisar y ajustar esta cotización aquí: [cotizar el sitio con blog](${next.path}).`,
].join(" ");

const UNCOUNTED = { prompt: 0, completion: 0, cached: 0 };

const stream: RecordedStream = {
  goal: "Quiero un sitio con blog para mi panadería, ¿cuánto cuesta y cuánto tarda?",
  locale,
  calls: [
    {
      text: tokens(plan),
      toolCalls: [{ name: "search_site", args: tokens(JSON.stringify({ query: "sitio web con blog panadería" })) }],
      usage: UNCOUNTED,
    },
    {
      text: tokens(afterSearch),
      toolCalls: [{ name: "get_service", args: tokens(JSON.stringify({ serviceId })) }],
      usage: UNCOUNTED,
    },
    {
      text: tokens(afterService),
      toolCalls: [
        { name: "estimate_quote", args: tokens(JSON.stringify({ serviceId, extraIds })) },
        { name: "suggest_next_step", args: tokens(JSON.stringify({ kind: "quote", serviceId, extraIds })) },
      ],
      usage: UNCOUNTED,
    },
    { text: tokens(answer), toolCalls: [], usage: UNCOUNTED },
  ],
};

/** The Gemma count of each request the loop sends when it replays `recorded` (messages and tool schemas). */
async function promptTokensOf(recorded: RecordedStream): Promise<number[]> {
  const inner = replayBinding(recorded);
  const prompts: number[] = [];
  const counting = {
    run: (model: string, inputs: { messages?: unknown; tools?: unknown }, options?: unknown) => {
      prompts.push(tokenizer.encode(JSON.stringify([inputs.messages, inputs.tools ?? []])).length);
      return (inner.run as (m: string, i: unknown, o?: unknown) => Promise<unknown>)(model, inputs, options);
    },
  } as unknown as Ai;
  const run = runAgent({
    goal: recorded.goal,
    locale,
    studio: SITE.studio.name,
    model: workersAIModel(counting, DEFAULT_AGENT_MODEL, "record"),
    modelName: DEFAULT_AGENT_MODEL,
  });
  await run.pipeTo(new WritableStream());
  return prompts;
}

for (const call of stream.calls) {
  call.usage = {
    ...call.usage,
    completion: call.text.length + call.toolCalls.reduce((sum, c) => sum + c.args.length, 0),
  };
}
// Believed usage can let the loop make a call that estimated usage didn't: count until it settles.
for (let pass = 0; pass < stream.calls.length; pass++) {
  const prompts = await promptTokensOf(stream);
  const changed = stream.calls.some((call, i) => call.usage.prompt !== (prompts[i] ?? 0));
  stream.calls.forEach((call, i) => {
    call.usage = { ...call.usage, prompt: prompts[i] ?? 0, cached: i > 0 ? (prompts[i - 1] ?? 0) : 0 };
  });
  if (!changed) break;
}
if (stream.calls.some((call) => call.usage.prompt === 0)) {
  throw new Error("the loop no longer makes every recorded call: edit this script");
}

const path = "bench/replay/gemma-bakery-es.json";
writeFileSync(path, `${JSON.stringify(stream)}\n`);
const chunks = stream.calls.reduce(
  (sum, call) => sum + call.text.length + call.toolCalls.reduce((s, c) => s + c.args.length + 1, 0) + 3,
  0,
);
console.log(`wrote ${path}: ${stream.calls.length} calls, ${chunks} SSE events`);
