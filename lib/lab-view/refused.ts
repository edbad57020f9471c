/** A call the route refused or a tool turned down: which tool, the code and the detail, as text. */
export type Refused = { id: string; tool: string; error: string; detail: string };

type ToolLike = {
  type: string;
  toolCallId?: string;
  toolName?: string;
  state?: string;
  output?: unknown;
  errorText?: string;
};

function failure(value: unknown): { error: string; detail: string } | null {
  if (!value || typeof value !== "object" || (value as { ok?: unknown }).ok !== false) return null;
  const { error, detail } = value as { error?: unknown; detail?: unknown };
  return { error: typeof error === "string" ? error : "failed", detail: typeof detail === "string" ? detail : "" };
}

function fromErrorText(text: string): { error: string; detail: string } {
  try {
    return failure(JSON.parse(text)) ?? { error: "failed", detail: text };
  } catch {
    return { error: "failed", detail: text };
  }
}

/** The run's refused calls, in order, from its checked parts. */
export function refusedCalls(parts: readonly object[]): Refused[] {
  const out: Refused[] = [];
  (parts as ToolLike[]).forEach((part, index) => {
    const isTool = part.type === "dynamic-tool" || part.type.startsWith("tool-");
    if (!isTool) return;
    const found =
      part.state === "output-error"
        ? fromErrorText(part.errorText ?? "")
        : part.state === "output-available"
          ? failure(part.output)
          : null;
    if (!found) return;
    const tool = part.type === "dynamic-tool" ? (part.toolName ?? "") : part.type.slice("tool-".length);
    out.push({ id: part.toolCallId ?? String(index), tool, ...found });
  });
  return out;
}
