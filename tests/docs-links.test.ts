import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "@/tests/support/import-graph";

// The README is the first screen a studio reads: it stays a few screens long, and every link in it
// and in docs/ leads somewhere (a file, and a heading when the link names one, slugged as GitHub
// slugs them). Paths named in code spans are tests/named-paths.test.ts's.

const README_MAX_CHARS = 20_000;
const LINE_MAX_CHARS = 400;

/** The lines of a Markdown text outside fenced code blocks, with their 1-based numbers. */
function proseLines(markdown: string): { line: string; number: number }[] {
  const lines: { line: string; number: number }[] = [];
  let fence: string | null = null;
  markdown.split("\n").forEach((line, index) => {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1];
    if (marker && (fence === null || fence === marker)) fence = fence === null ? marker : null;
    else if (fence === null) lines.push({ line, number: index + 1 });
  });
  return lines;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a Markdown text's headings make, a repeated one numbered as GitHub numbers it. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { line } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (!heading) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** The targets of a text's Markdown links and images, and of its HTML `src`/`href`, outside code. */
function linkTargets(markdown: string): { target: string; number: number }[] {
  const targets: { target: string; number: number }[] = [];
  for (const { line, number } of proseLines(markdown)) {
    const prose = line.replace(/`[^`]*`/g, "");
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      targets.push({ target: match[1] as string, number });
    for (const match of prose.matchAll(/\b(?:src|href)="([^"]+)"/g))
      targets.push({ target: match[1] as string, number });
  }
  return targets;
}

/** The links of `file` (relative to the repository) that lead nowhere, as `file:line: target`. */
function brokenLinks(file: string, read: (file: string) => string | null): string[] {
  const text = read(file);
  if (text === null) return [`${file}: missing`];
  const broken: string[] = [];
  for (const { target, number } of linkTargets(text)) {
    if (/^[a-z][a-z\d+.-]*:/i.test(target)) continue; // https:, mailto:: not ours to check offline
    const [filePart = "", anchor] = target.split("#");
    const linked = filePart
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(filePart)))
      : file;
    const linkedText = read(linked);
    const fail = (why: string) => broken.push(`${file}:${number}: ${target} (${why})`);
    if (linked.startsWith("..") || linkedText === null) fail("no such file");
    else if (anchor !== undefined && linked.endsWith(".md") && !anchorsOf(linkedText).has(anchor))
      fail(`no heading #${anchor} in ${linked}`);
  }
  return broken;
}

/** What is too long in the README: its length in characters, and each prose line over the limit. */
function readmeTooLong(markdown: string): string[] {
  const problems: string[] = [];
  const length = [...markdown].length;
  if (length > README_MAX_CHARS) problems.push(`README.md is ${length} characters (at most ${README_MAX_CHARS})`);
  for (const { line, number } of proseLines(markdown))
    if ([...line].length > LINE_MAX_CHARS) problems.push(`README.md:${number}: ${[...line].length} characters`);
  return problems;
}

const readFromRepo = (file: string): string | null => {
  const full = path.join(ROOT, file);
  if (!existsSync(full)) return null;
  return statSync(full).isDirectory() ? "" : readFileSync(full, "utf8");
};

describe("the README and docs/", () => {
  const docs = [
    "README.md",
    ...readdirSync(path.join(ROOT, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
  ];

  it("link only to files and headings that exist", () => {
    expect(docs.length).toBeGreaterThan(1);
    expect(docs.flatMap((file) => brokenLinks(file, readFromRepo))).toEqual([]);
  });

  it("keep the README a few screens long, with no line over 400 characters outside code", () => {
    expect(readmeTooLong(readFileSync(path.join(ROOT, "README.md"), "utf8"))).toEqual([]);
  });
});

describe("the checks themselves", () => {
  const files: Record<string, string> = {
    "README.md": [
      "# Lab Agent",
      "See [the deploy guide](docs/deploy.md#first-deploy), [a gone doc](docs/gone.md),",
      "[a wrong heading](docs/deploy.md#second-deploy), [here](#lab-agent) and [nowhere](#nowhere).",
      '<img src="docs/screens/lab.png" alt=""> <img src="docs/screens/gone.png" alt="">',
      "[a site](https://example.com) and `[code](not/a/link.md)`",
      "```",
      "[in a code block](not/checked.md)",
      "```",
    ].join("\n"),
    "docs/deploy.md":
      "# Deploy\n\n## First deploy\n\n[back](../README.md#lab-agent) [the `npm run smoke` part](#comprobar--checking-with-npm-run-smoke)\n\n## Comprobar / Checking with `npm run smoke`\n",
    "docs/screens/lab.png": "",
  };
  const read = (file: string) => files[file] ?? null;

  it("find a link to a missing file, a missing heading, and a missing image", () => {
    expect(brokenLinks("README.md", read)).toEqual([
      "README.md:2: docs/gone.md (no such file)",
      "README.md:3: docs/deploy.md#second-deploy (no heading #second-deploy in docs/deploy.md)",
      "README.md:3: #nowhere (no heading #nowhere in README.md)",
      "README.md:4: docs/screens/gone.png (no such file)",
    ]);
    expect(brokenLinks("docs/deploy.md", read)).toEqual([]);
  });

  it("slug headings as GitHub does", () => {
    expect(slug("Mensajes / Contact messages: the email, the inbox")).toBe(
      "mensajes--contact-messages-the-email-the-inbox",
    );
    expect(slug("Node 22 for `wrangler`")).toBe("node-22-for-wrangler");
    expect(slug("The studio: content/")).toBe("the-studio-content");
    expect(slug("Planes gratuitos / What the free plans allow")).toBe("planes-gratuitos--what-the-free-plans-allow");
  });

  it("count a README's characters and its long prose lines, not its code blocks", () => {
    const long = "x".repeat(401);
    expect(readmeTooLong(`# ok\n\`\`\`\n${long}\n\`\`\`\n`)).toEqual([]);
    expect(readmeTooLong(`# ok\n${long}\n`)).toEqual(["README.md:2: 401 characters"]);
    expect(readmeTooLong("y".repeat(20_001))[0]).toMatch(/20001 characters/);
  });
});
