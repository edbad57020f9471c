import { lastUserText, textStreamModel } from "@/lib/ai/text-stream-model";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { plural } from "@/lib/i18n/plural";
import { LAB_USES } from "@/lib/lab-uses";
import { codeLines, unwrapCode } from "./code";
import { REVIEW_LIMITS } from "./limits";
import type { ReviewOutput, Severity } from "./output";

type RuleId = keyof ReturnType<typeof getDictionary>["reviewer"]["rules"];
type Rule = { id: RuleId; severity: Severity; languages?: readonly string[]; test: RegExp };

const JS = ["javascript", "typescript", "other"];

/** Common mistakes a fixed rule can spot on one line, most serious first. */
const RULES: Rule[] = [
  {
    id: "secret",
    severity: "high",
    test: /(?:api[_-]?key|secret|passw(?:or)?d|token|private[_-]?key)\w*["']?\s*[:=]\s*["'][^"'\s]{8,}["']/i,
  },
  { id: "eval", severity: "high", test: /\beval\s*\(|\bnew\s+Function\s*\(|\bexec\s*\(/ },
  {
    id: "html",
    severity: "high",
    test: /\.(?:inner|outer)HTML\s*\+?=(?!=)|document\.write\s*\(|dangerouslySetInnerHTML/,
  },
  {
    id: "sql",
    severity: "high",
    test: /\b(?:select|insert|update|delete)\b[^;\n]*(?:["'`]\s*\+|\$\{|%s|["']\s*\.\s*\$)|\bf["'](?:select|insert|update|delete)\b/i,
  },
  {
    id: "emptyCatch",
    severity: "medium",
    test: /\bcatch\s*(?:\([^)]*\))?\s*\{\s*\}|\bexcept(?:\s+[\w.]+)?(?:\s+as\s+\w+)?\s*:\s*pass\b/,
  },
  { id: "looseEquality", severity: "medium", languages: JS, test: /(?:^|[^=!<>])(?:==|!=)(?!=)/ },
  { id: "var", severity: "low", languages: JS, test: /(?:^|[;{(\s])var\s+[\w$]/ },
  { id: "debugOutput", severity: "low", test: /\bconsole\.(?:log|debug)\s*\(|^\s*print\s*\(/ },
  { id: "todo", severity: "low", test: /\b(?:TODO|FIXME|XXX)\b/ },
];

/** A line's text without its string literals' contents, for rules that must not match inside them. */
function withoutStrings(line: string): string {
  return line.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""');
}

/** The offline review: each rule's first hits, by severity, in the shape the model must return. */
export function offlineReview(code: string, language: string, locale: Locale): ReviewOutput {
  const copy = getDictionary(locale).reviewer;
  const lines = codeLines(code);
  const findings: ReviewOutput["findings"] = [];
  for (const rule of RULES) {
    if (rule.languages && !rule.languages.includes(language)) continue;
    for (const [index, line] of lines.entries()) {
      const text = rule.id === "secret" || rule.id === "sql" ? line : withoutStrings(line);
      if (!rule.test.test(text)) continue;
      findings.push({ severity: rule.severity, line: index + 1, ...copy.rules[rule.id] });
      // One finding a rule and line is enough; two of the same rule say it repeats.
      if (findings.filter((f) => f.title === copy.rules[rule.id].title).length >= 2) break;
    }
  }
  const kept = findings.slice(0, REVIEW_LIMITS.maxFindings);
  const { none, some, findings: things, lines: lineCount } = copy.offlineSummary;
  const values = { findings: plural(things, kept.length, locale), lines: plural(lineCount, lines.length, locale) };
  return { summary: fill(kept.length === 0 ? none : some, values), findings: kept };
}

/** The reviewer's model when no account is configured: fixed rules, labelled as such on the page. */
export function createOfflineReviewer({ locale, chunkDelayMs }: { locale: Locale; chunkDelayMs?: number }) {
  return textStreamModel({
    modelId: LAB_USES.review.offlineModel,
    chunkDelayMs,
    write: ({ prompt }) => {
      const wrapped = unwrapCode(lastUserText(prompt));
      return JSON.stringify(offlineReview(wrapped?.code ?? "", wrapped?.language ?? "other", locale));
    },
  });
}
