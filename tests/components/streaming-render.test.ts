import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import ReactMarkdown from "react-markdown";
import { describe, expect, it } from "vitest";
import type { TimelineStep } from "@/components/agent/read-run";
import { sameStep } from "@/components/agent/run-timeline";
import { AnswerMarkdown } from "@/components/lab/answer-markdown";
import { markdownBlocks } from "@/components/lab/markdown-blocks";
import { LOCALES, type Locale } from "@/lib/i18n/config";
import { paths } from "@/lib/site/paths";

// Guards the pieces that let a Lab page render only what changed while an answer streams: the
// answer cut into blocks (only the last one is parsed again), and a step compared by what it shows
// (the AI SDK copies every part of the streaming message on each token).

describe("markdownBlocks", () => {
  it("cuts at blank lines, and the blocks joined are the source", () => {
    const source = "# Plan\n\nFirst paragraph,\nstill first.\n\n- one\n- two\n\nLast.";
    expect(markdownBlocks(source)).toEqual(["# Plan", "First paragraph,\nstill first.", "- one\n- two", "Last."]);
    expect(markdownBlocks(source).join("\n\n")).toBe(source);
  });

  it("keeps a fenced code block whole, blank lines and all", () => {
    const source = "Code:\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter.";
    expect(markdownBlocks(source)).toEqual(["Code:", "```js\nconst a = 1;\n\nconst b = 2;\n```", "After."]);
  });

  it("keeps a list item's indented continuation with its item", () => {
    const source = "1. First\n\n   more of the first\n2. Second";
    expect(markdownBlocks(source)).toEqual([source]);
  });

  it("keeps a block that is still streaming (an open fence) as the last one", () => {
    expect(markdownBlocks("Intro.\n\n```\nhalf\n\nwritten")).toEqual(["Intro.", "```\nhalf\n\nwritten"]);
  });

  it("renders block by block as react-markdown renders the whole, for paragraphs, headings, code and links", () => {
    const services = paths.services(LOCALES[0] as Locale);
    const source = `## Price\n\nFrom **the first plan** on.\n\n\`\`\`\nx\n\ny\n\`\`\`\n\nSee [the services](${services}).`;
    const inner = (html: string) =>
      html
        .replace(/^<div[^>]*>|<\/div>$/g, "")
        .replace(/>\n</g, "><")
        .replaceAll(' dir="auto"', "");
    const whole = renderToStaticMarkup(createElement(ReactMarkdown, { skipHtml: true }, source));
    const blocks = renderToStaticMarkup(createElement(AnswerMarkdown, { source }));
    expect(inner(blocks)).toBe(inner(whole));
    expect(blocks).toContain(`<a href="${services}">the services</a>`);
  });
});

describe("an answer's direction", () => {
  it("each paragraph, item, heading and quote takes its own direction, and so does the answer", () => {
    const html = renderToStaticMarkup(
      createElement(AnswerMarkdown, { source: "## עלות\n\nThe price.\n\n- שלום\n- one\n\n> مرحبا" }),
    );
    expect(html).toMatch(/^<div class="prose" dir="auto">/);
    for (const tag of ["h2", "p", "li", "blockquote"]) {
      const opened = html.match(new RegExp(`<${tag}[ >]`, "g")) ?? [];
      expect(opened.length, tag).toBeGreaterThan(0);
      expect(html.match(new RegExp(`<${tag} dir="auto">`, "g"))?.length, tag).toBe(opened.length);
    }
  });
});

describe("sameStep", () => {
  const tool = (state: string, output?: unknown): TimelineStep =>
    ({
      kind: "tool",
      key: "call_1",
      part: { type: "tool-search_site", toolCallId: "call_1", state, input: { query: "blog" }, output },
    }) as unknown as TimelineStep;

  it("is the same step when the SDK copied its part and nothing in it changed", () => {
    const a = tool("output-available", { ok: true });
    const b = { ...a, part: { ...(a as { part: object }).part } } as TimelineStep;
    expect(sameStep(a, b)).toBe(true);
  });

  it("is not when the call's state or output changed, or a text grew", () => {
    expect(sameStep(tool("input-available"), tool("output-available"))).toBe(false);
    expect(sameStep(tool("output-available", { ok: true }), tool("output-available", { ok: true }))).toBe(false);
    expect(sameStep({ kind: "plan", key: "t", text: "Voy" }, { kind: "plan", key: "t", text: "Voy a" })).toBe(false);
    expect(sameStep({ kind: "plan", key: "t", text: "Voy" }, { kind: "plan", key: "t", text: "Voy" })).toBe(true);
  });
});
