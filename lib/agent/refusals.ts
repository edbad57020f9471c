import { InvalidToolInputError, NoSuchToolError } from "ai";

/**
 * What a refused tool call tells the model (and the page): short JSON it can act on, instead of
 * the SDK's long error text with the whole input and schema error echoed back.
 */
export type Refusal =
  | { ok: false; error: "invalid_arguments"; detail: string }
  | { ok: false; error: "unknown_tool"; detail: string }
  | { ok: false; error: "tool_budget"; detail: string }
  | { ok: false; error: "last_call"; detail: string };

function findIssues(error: unknown): { path?: PropertyKey[]; message?: string }[] | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === "object"; depth += 1) {
    const issues = (current as { issues?: unknown }).issues;
    if (Array.isArray(issues)) return issues as { path?: PropertyKey[]; message?: string }[];
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export function refusalFor(error: unknown, toolNames: readonly string[]): Refusal | null {
  if (NoSuchToolError.isInstance(error)) {
    return { ok: false, error: "unknown_tool", detail: `no tool "${error.toolName}"; tools: ${toolNames.join(", ")}` };
  }
  if (InvalidToolInputError.isInstance(error)) {
    const issues = findIssues(error.cause);
    const detail = issues
      ? issues
          .slice(0, 4)
          .map(
            (issue) =>
              `${issue.path?.length ? issue.path.map(String).join(".") : "input"}: ${issue.message ?? "invalid"}`,
          )
          .join("; ")
      : "arguments are not valid JSON for this tool";
    return { ok: false, error: "invalid_arguments", detail };
  }
  return null;
}

export const TOOL_BUDGET_REFUSAL: Refusal = {
  ok: false,
  error: "tool_budget",
  detail: "no tool calls left in this run; answer with what you have",
};

/** A tool call the last model call made anyway (it was offered none): never run. */
export const LAST_CALL_REFUSAL: Refusal = {
  ok: false,
  error: "last_call",
  detail: "the last call may not use tools; the call was not run",
};
