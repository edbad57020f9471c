// @studio demo
import { readUIMessageStream } from "ai";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ServiceNames, ViewContext } from "@/components/agent/copy";
import { readRun } from "@/components/agent/read-run";
import { RunAnswer } from "@/components/agent/run-answer";
import { RunTimeline } from "@/components/agent/run-timeline";
import { AnswerMarkdown } from "@/components/lab/answer-markdown";
import type { AgentUIMessage } from "@/lib/agent/types";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { agentStream } from "@/tests/support/agent-run";
import { type Script, scriptedModel } from "@/tests/support/scripted-model";
import { locale } from "@/tests/support/studio";

const es = locale("es");
const en = locale("en");

// Guards what the Lab page shows for runs the offline planner never plays: a refused call is its
// own step with a plain-words reason and the detail on demand, and an amount no tool returned is
// flagged next to the answer with a link to the calculator. Each run is a scripted model through
// the real loop; the page's own components render the message the stream builds.

beforeEach(() => {
  // runAgent logs one line per run for Workers Logs; not needed here.
  vi.spyOn(console, "log").mockImplementation(() => {});
});

async function play(script: Script, locale: Locale = en): Promise<AgentUIMessage> {
  const { model } = scriptedModel(script);
  const stream = agentStream({ goal: "a site for my bakery", locale, model, modelName: "scripted" });
  let message: AgentUIMessage | undefined;
  for await (const snapshot of readUIMessageStream<AgentUIMessage>({ stream })) message = snapshot;
  if (!message) throw new Error("the run streamed no message");
  return message;
}

const names: ServiceNames = {};

function render(message: AgentUIMessage, locale: Locale = en) {
  const view: ViewContext = { copy: getDictionary(locale).agent.console, locale, names, active: false };
  const run = readRun(message);
  return {
    run,
    timeline: renderToStaticMarkup(createElement(RunTimeline, { steps: run.steps, started: true, view })),
    answer: renderToStaticMarkup(createElement(RunAnswer, { run, view, Markdown: AnswerMarkdown })),
  };
}

/** The HTML of the timeline's steps, one string per `<li>`, in order. */
function steps(html: string): string[] {
  return html.split(/<li /).slice(1);
}

const refused: Script = [
  {
    text: "I'll find the service and estimate it.",
    calls: [
      { name: "get_service", input: { serviceId: "Website With Blog" } },
      { name: "book_meeting", input: { when: "tomorrow" } },
    ],
  },
  { calls: [{ name: "get_service", input: { serviceId: "website-with-blog" } }] },
  { text: "It costs about $ 9.999.000, or COP 3,333,000 at least (COP 4,500,000 is the base)." },
];

describe("a refused call in the timeline", () => {
  it("shows invalid arguments as its own step, with the detail on demand", async () => {
    const { timeline } = render(await play(refused));
    const [plan, invalid, unknown, fixed] = steps(timeline);
    expect(plan).toContain('data-kind="plan"');
    expect(plan).toContain("I&#x27;ll find the service and estimate it.");

    expect(invalid).toContain('data-tool="get_service"');
    expect(invalid).toContain('data-state="refused"');
    expect(invalid).toContain("Invalid arguments: the call was refused and the agent can fix it.");
    expect(invalid).toMatch(/<details><summary>Show the detail<\/summary><p><code>serviceId: not an id[^<]*<\/code>/);
    // The arguments the model sent are shown as sent, even though they failed the schema.
    expect(invalid).toContain("Website With Blog");

    expect(unknown).toContain("Asked for a tool that doesn&#x27;t exist: “book_meeting”");
    expect(unknown).toContain("Unknown tool: the call was refused and the agent can use one of its own.");
    expect(unknown).toContain("search_site, get_service, estimate_quote, suggest_next_step");

    expect(fixed).toContain('data-state="done"');
    expect(fixed).toContain("Read the service");
  });

  it("says it in Spanish on the Spanish page", async () => {
    const { timeline } = render(await play(refused, es), es);
    expect(timeline).toContain("Argumentos inválidos: la llamada fue rechazada y el agente puede corregirla.");
    expect(timeline).toContain("Ver el detalle");
  });

  it("shows a call past the tool limit as refused, not as a result", async () => {
    const estimate = { name: "estimate_quote", input: { serviceId: "landing-page", extraIds: [] } };
    const message = await play([{ calls: Array.from({ length: 7 }, () => estimate) }, { text: "Done." }]);
    const cards = steps(render(message).timeline);
    expect(cards).toHaveLength(7);
    expect(cards.slice(0, 6).every((card) => card.includes('data-state="done"'))).toBe(true);
    expect(cards[6]).toContain('data-state="refused"');
    expect(cards[6]).toContain('data-error="tool_budget"');
    expect(cards[6]).toContain("No tool calls left: the call was not run");
  });

  it("shows the calls a last call made anyway as refused steps, after which its text is still the answer", async () => {
    const search = { name: "search_site", input: { query: "bakery", locale: en } };
    // Five calls that all call a tool: the fifth is told "none" and calls one anyway.
    const message = await play(() => ({ text: "A site with a blog fits.", calls: [search] }));
    const { run, timeline } = render(message);
    expect(run.done?.reason).toBe("answered");
    expect(run.answer).toBe("A site with a blog fits.");
    const last = steps(timeline).at(-1) ?? "";
    expect(last).toContain('data-state="refused"');
    expect(last).toContain('data-error="last_call"');
    expect(last).toContain("Not run: the last model call may only answer");
  });

  it("shows arguments that aren't JSON as they came", async () => {
    const message = await play([{ calls: [{ name: "estimate_quote", input: "{not json" }] }, { text: "Sorry." }]);
    const [card] = steps(render(message).timeline);
    expect(card).toContain("<code>{not json</code>");
    expect(card).toContain("arguments are not valid JSON for this tool");
  });
});

describe("the amount warning", () => {
  it("lists the amounts no tool returned and links to the calculator", async () => {
    const { run, answer } = render(await play(refused));
    expect(run.done?.unverifiedAmounts.map((amount) => amount.raw)).toEqual(["$ 9.999.000", "COP 3,333,000"]);
    const warning = answer.slice(answer.indexOf('data-testid="agent-amount-warning"'));
    expect(warning).toContain("The answer mentions amounts that no tool returned:");
    expect(warning).toContain('<strong class="agent-warning__amount">$ 9.999.000</strong>, ');
    expect(warning).toContain('<strong class="agent-warning__amount">COP 3,333,000</strong>');
    // COP 4,500,000 is the service's base price, which get_service returned: not flagged.
    expect(warning).not.toContain("4,500,000");
    expect(warning).toContain('href="/en/quote"');
  });

  it("links to the calculator preselected when the run estimated a service", async () => {
    const message = await play([
      { calls: [{ name: "estimate_quote", input: { serviceId: "online-store", extraIds: ["photo-session"] } }] },
      { text: "Roughly COP 1 million, they say." },
    ]);
    const { answer } = render(message);
    expect(answer).toContain("COP 1 million");
    expect(answer).toContain('href="/en/quote?service=online-store&amp;extras=photo-session"');
  });

  it("stays away when every amount came from a tool", async () => {
    const message = await play([
      { calls: [{ name: "estimate_quote", input: { serviceId: "landing-page", extraIds: [] } }] },
      { text: "Between COP 1,800,000 and COP 2,800,000." },
    ]);
    const { run, answer } = render(message);
    expect(run.answer).toContain("COP 1,800,000");
    expect(answer).not.toContain("agent-amount-warning");
  });
});

describe("the answer's Markdown", () => {
  it("keeps site links in the same tab and drops every other link, image and raw HTML", () => {
    const html = renderToStaticMarkup(
      createElement(AnswerMarkdown, {
        source: [
          "**Online store**: [open the calculator](/en/quote?service=online-store).",
          "[elsewhere](https://evil.example/x) [script](javascript:alert(1)) [proto](//evil.example/y)",
          "![tracker](https://evil.example/pixel.png) <script>alert(1)</script><b>raw</b>",
          "[chat](https://wa.me/573001234567?text=Hola)",
        ].join("\n\n"),
      }),
    );
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual(["/en/quote?service=online-store", "https://wa.me/573001234567?text=Hola"]);
    expect(html).not.toContain("target=");
    expect(html).toContain("<strong>Online store</strong>");
    expect(html).toContain("elsewhere");
    expect(html).toContain("tracker");
    expect(html).not.toMatch(/<img|<script|<b>|evil\.example/);
  });
});

describe("the answer as the page shows it", () => {
  const quote = { name: "estimate_quote", input: { serviceId: "online-store", extraIds: [] } };
  const next = { name: "suggest_next_step", input: { kind: "quote", serviceId: "online-store", extraIds: [] } };
  const linked: Script = [
    { calls: [quote, next] },
    { text: "**Online store**. [Open the calculator](/en/quote?service=online-store) or read [the FAQ](/en/faq)." },
  ];

  it("waits for the Markdown renderer: never raw Markdown, not even for a moment", async () => {
    const message = await play(linked);
    const view: ViewContext = { copy: getDictionary(en).agent.console, locale: en, names, active: false };
    const before = renderToStaticMarkup(createElement(RunAnswer, { run: readRun(message), view, Markdown: null }));
    expect(before).toBe("");
    const after = render(message).answer;
    expect(after).toContain("<strong>Online store</strong>");
    expect(after).not.toContain("**");
  });

  it("offers the next step once: the button, while the same link in the text stays words", async () => {
    const { answer } = render(await play(linked));
    const hrefs = [...answer.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    // The button's link carries the run's goal on to the calculator; the text's copy is words.
    expect(hrefs).toHaveLength(2);
    expect(hrefs[0]).toBe("/en/faq");
    expect(hrefs[1]).toMatch(/^\/en\/quote\?service=online-store&amp;goal=/);
    expect(answer).toContain("Open the calculator");
    expect(answer).toContain('data-testid="agent-next-step"');
  });
});

describe("tool arguments in words", () => {
  const names: ServiceNames = {
    "online-store": { name: "Tienda en línea", extras: { "photo-session": "Sesión de fotos" } },
  };
  const script: Script = [
    { calls: [{ name: "search_site", input: { query: "tienda", locale: es } }] },
    { calls: [{ name: "get_service", input: { serviceId: "online-store" } }] },
    {
      calls: [
        { name: "estimate_quote", input: { serviceId: "online-store", extraIds: ["photo-session"] } },
        { name: "suggest_next_step", input: { kind: "quote", serviceId: "online-store", extraIds: ["photo-session"] } },
      ],
    },
    { text: "Listo." },
  ];

  it("names each argument and its value as a visitor reads them, never the schema's keys", async () => {
    const message = await play(script, es);
    const copy = getDictionary(es).agent.console;
    const view: ViewContext = { copy, locale: es, names, active: false };
    const run = readRun(message);
    const html = renderToStaticMarkup(createElement(RunTimeline, { steps: run.steps, started: true, view }));
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    for (const raw of ["query", "serviceId", "extraIds", "locale", "kind", "online-store", "photo-session"]) {
      expect(text).not.toMatch(new RegExp(`\\b${raw}\\b`));
    }
    expect(text).toContain(`${copy.argumentNames.query} tienda`);
    expect(text).toContain(`${copy.argumentNames.locale} español`);
    expect(text).toContain(`${copy.argumentNames.serviceId} Tienda en línea`);
    expect(text).toContain(`${copy.argumentNames.extraIds} Sesión de fotos`);
    expect(text).toContain(`${copy.argumentNames.kind} ${copy.stepKinds.quote}`);
    // The next step's card names it; its one link is the button under the answer.
    expect(html.match(/href="\/es\/quote/g) ?? []).toHaveLength(0);
  });

  it("keeps an argument the tools don't define as the model sent it", async () => {
    const message = await play([{ calls: [{ name: "get_service", input: { service_id: "x" } }] }, { text: "Ok." }], es);
    const view: ViewContext = { copy: getDictionary(es).agent.console, locale: es, names, active: false };
    const run = readRun(message);
    const html = renderToStaticMarkup(createElement(RunTimeline, { steps: run.steps, started: true, view }));
    expect(html).toContain("<code>service_id</code> x");
  });
});

describe("a run that ends without a price", () => {
  it("still shows the contact step as the answer's button", async () => {
    const message = await play([
      { text: "Searching. ", calls: [{ name: "search_site", input: { query: "blog", locale: en } }] },
      { calls: [{ name: "get_service", input: { serviceId: "website-with-blog" } }] },
      { text: "I could not estimate the price." },
    ]);
    const { run, answer } = render(message);
    expect(run.nextStep?.kind).toBe("contact");
    expect(answer).toContain('data-testid="agent-next-step"');
    expect(answer).toContain(getDictionary(en).agent.console.nextStep.contact);
  });
});
