/**
 * A streamed tool call can send its arguments before its name (the order cloudflare/ai#523
 * reports). `workers-ai-provider` 4.0.0 takes a call's name from the first chunk of its index
 * (`src/streaming.ts`, `emitToolCallDeltas`) and never updates it, so such a call reaches the AI
 * SDK named "" and is refused as an unknown tool. We fix the order below the provider: in the SSE
 * a streaming `run` returns, the tool-call pieces of an index are held back until its name
 * arrives, then go out as one entry (id, name and every argument piece so far); later pieces and
 * every other event pass through unchanged, byte for byte.
 */

type ToolCallEntry = {
  index?: number;
  id?: string | null;
  type?: string | null;
  name?: string | null;
  arguments?: unknown;
  function?: { name?: string | null; arguments?: unknown } | null;
};

type Held = { id?: string; type?: string; args: string };

const nameOf = (entry: ToolCallEntry) => entry.function?.name ?? entry.name ?? null;
const argsOf = (entry: ToolCallEntry): string => {
  const args = entry.function?.arguments ?? entry.arguments ?? null;
  if (args == null) return "";
  return typeof args === "string" ? args : JSON.stringify(args);
};
// The provider's end-of-call sentinel (no id, no name, no arguments): never held.
const isSentinel = (entry: ToolCallEntry) => !entry.id && !nameOf(entry) && argsOf(entry) === "";

function toolCallOrdering(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const named = new Set<number>();
  const held = new Map<number, Held>();
  let buffer = "";

  /** The tool-call entries as the provider should see them, or null when nothing changes. */
  function reorder(entries: ToolCallEntry[]): ToolCallEntry[] | null {
    let changed = false;
    const out: ToolCallEntry[] = [];
    for (const entry of entries) {
      if (!entry || typeof entry !== "object" || isSentinel(entry) || named.has(entry.index ?? 0)) {
        out.push(entry);
        continue;
      }
      const index = entry.index ?? 0;
      const name = nameOf(entry);
      const pending = held.get(index);
      if (!name) {
        held.set(index, {
          id: pending?.id ?? entry.id ?? undefined,
          type: pending?.type ?? entry.type ?? undefined,
          args: (pending?.args ?? "") + argsOf(entry),
        });
        changed = true;
        continue;
      }
      named.add(index);
      if (!pending) {
        out.push(entry);
        continue;
      }
      held.delete(index);
      changed = true;
      const id = entry.id ?? pending.id;
      const type = entry.type ?? pending.type;
      const args = pending.args + argsOf(entry);
      out.push(
        entry.function
          ? {
              ...entry,
              ...(id ? { id } : {}),
              ...(type ? { type } : {}),
              function: { ...entry.function, name, arguments: args },
            }
          : { ...entry, ...(id ? { id } : {}), name, arguments: args },
      );
    }
    return changed ? out : null;
  }

  /** Calls whose name never came go out as they were (the provider then names them ""). */
  function releaseHeld(): string {
    if (held.size === 0) return "";
    const toolCalls = [...held].map(([index, { id, type, args }]) => ({
      index,
      id,
      type,
      function: { arguments: args },
    }));
    held.clear();
    return `data: ${JSON.stringify({ choices: [{ index: 0, delta: { tool_calls: toolCalls } }] })}\n\n`;
  }

  function line(text: string): string {
    const trimmed = text.trim();
    if (!trimmed.startsWith("data:")) return text;
    const data = trimmed.slice(5).trim();
    if (data === "[DONE]") return releaseHeld() + text;
    if (!data.includes('"tool_calls"')) return text;
    let event: { tool_calls?: unknown; choices?: { delta?: { tool_calls?: unknown } }[] };
    try {
      event = JSON.parse(data);
    } catch {
      return text;
    }
    let changed = false;
    // An event left with no entries keeps its other fields (text, finish reason, usage).
    for (const holder of [event, event.choices?.[0]?.delta]) {
      if (!holder || !Array.isArray(holder.tool_calls)) continue;
      const entries = reorder(holder.tool_calls);
      if (!entries) continue;
      changed = true;
      if (entries.length) holder.tool_calls = entries;
      else delete holder.tool_calls;
    }
    return changed ? `data: ${JSON.stringify(event)}${text.endsWith("\r") ? "\r" : ""}` : text;
  }

  return new TransformStream({
    transform(chunk, controller) {
      buffer += decoder.decode(chunk, { stream: true });
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      if (lines.length) controller.enqueue(encoder.encode(lines.map((text) => `${line(text)}\n`).join("")));
    },
    flush(controller) {
      buffer += decoder.decode();
      const last = buffer ? line(buffer) : "";
      // A stream cut before [DONE] still delivers what it held, after a line break of its own.
      const held = releaseHeld();
      const rest = held ? `${last}\n${held}` : last;
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}

type Run = (model: string, inputs: Record<string, unknown>, options?: AiOptions) => Promise<unknown>;

/**
 * `fetch` for Workers AI over REST (`next dev` with an API token), with the same repair on
 * streamed responses: the provider parses REST streams with the same code as the binding's.
 */
export function fetchWithToolCallOrdering(fetcher: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetcher(input, init);
    const streamed = response.headers.get("content-type")?.includes("text/event-stream");
    if (!streamed || !response.body) return response;
    return new Response(response.body.pipeThrough(toolCallOrdering()), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** The `AI` binding with streamed tool calls put back in order; everything else is the binding's. */
export function withToolCallOrdering(binding: Ai): Ai {
  const run: Run = async (model, inputs, options) => {
    const output = await (binding.run as unknown as Run)(model, inputs, options);
    return inputs?.stream === true && output instanceof ReadableStream
      ? output.pipeThrough(toolCallOrdering())
      : output;
  };
  return new Proxy(binding, {
    get(target, property) {
      if (property === "run") return run;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
