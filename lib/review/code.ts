import type { ReviewLanguage } from "./limits";

/** The code's lines as the model and the page number them (1-based). */
export function codeLines(code: string): string[] {
  return code.replace(/\r\n?/g, "\n").split("\n");
}

/**
 * The pasted code as data for the prompt, like the agent's goal: inside `<code>`, every line
 * numbered (so findings can name lines), and `&`, `<`, `>` escaped, so nothing inside can close
 * the wrapper or open a tag of its own, whatever the code holds. It is read, never run.
 */
export function wrapCode(code: string, language: ReviewLanguage): string {
  const escaped = codeLines(code).map(
    (line, index) => `${index + 1}| ${line.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}`,
  );
  return `<code language="${language}">\n${escaped.join("\n")}\n</code>`;
}

/** The code back from a prompt made by `wrapCode` (the offline reviewer reads it this way). */
export function unwrapCode(prompt: string): { code: string; language: string } | null {
  const match = /<code language="([a-z]+)">\n([\s\S]*)\n<\/code>/.exec(prompt);
  if (!match) return null;
  const lines = (match[2] ?? "").split("\n").map((line) =>
    line
      .replace(/^\d+\| /, "")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&"),
  );
  return { language: match[1] ?? "other", code: lines.join("\n") };
}

const SIGNS: [ReviewLanguage, RegExp][] = [
  ["php", /<\?php/],
  ["html", /^\s*<(?:!doctype|html|div|section|main|body|head|template|form|ul|p)\b/i],
  ["go", /^\s*package \w+|\bfunc \w*\s*\(/m],
  ["rust", /\bfn \w+\s*\(|\blet mut\b|\bimpl\b/],
  ["java", /\b(?:public|private|protected)\s+(?:static\s+)?(?:final\s+)?(?:class|void|int|String)\b/],
  ["python", /^\s*(?:def \w+\(.*\):|class \w+.*:|from [\w.]+ import |import \w+$|elif |print\()/m],
  ["typescript", /\binterface \w+|:\s*(?:string|number|boolean|unknown|void)\b|\btype \w+ =|\bas const\b/],
  ["javascript", /\b(?:function|const|let|var)\b|=>|console\.\w+|require\(|export /],
  ["sql", /^\s*(?:select|insert|update|delete|create|alter|with)\b/im],
  ["css", /^\s*[.#@:]?[\w-][\w\s.#:>,-]*\{[^}]*:[^}]*;/m],
];

/** A best guess at the language when the visitor picks "detect"; "other" when nothing fits. */
export function detectLanguage(code: string): ReviewLanguage {
  return SIGNS.find(([, sign]) => sign.test(code))?.[0] ?? "other";
}
