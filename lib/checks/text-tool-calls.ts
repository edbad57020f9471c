/**
 * A tool call a model wrote as text instead of making it: never run (nothing reads it as a call) and
 * never shown. Models write them three ways when their template slips or a prompt tells them to:
 * - inside their own control tokens: Gemma 4's `<|tool_call>call:name{…}<tool_call|>`
 *   (ai.google.dev/gemma/docs/core/prompt-formatting-gemma4), FunctionGemma's
 *   `<start_function_call>…<end_function_call>`, Hermes/Qwen's `<tool_call>…</tool_call>`, Llama's
 *   `<|python_tag|>` and `<function=…>`, Mistral's `[TOOL_CALLS]`, DeepSeek's `<｜tool▁calls▁begin｜>`;
 * - as Gemma 4's call syntax without its tokens (`call:name{…}`);
 * - as JSON naming a tool (`{"name": "search_site", "arguments": {…}}`, `{"tool_calls": […]}`),
 *   bare or in a code fence.
 * What lies inside a marked call goes, up to its close (an opener never closed takes the rest of the
 * call's text); any other control token of those templates goes on its own. JSON is held from its
 * first brace while its first key may name a call, up to HOLD_LIMIT characters, and goes only when it
 * parses as a call.
 */

/** Openers of a written call, each with its close (null: the rest of the text is the call). */
const MARKED: [string, string | null][] = [
  ["<|tool_call>", "<tool_call|>"],
  ["<|tool_call|>", "<|/tool_call|>"],
  ["<|tool_response>", "<tool_response|>"],
  ["<|tool>", "<tool|>"],
  ["<tool_call>", "</tool_call>"],
  ["<tool_code>", "</tool_code>"],
  ["<function_call>", "</function_call>"],
  ["<start_function_call>", "<end_function_call>"],
  ["<start_function_response>", "<end_function_response>"],
  ["<function=", "</function>"],
  ["<|python_tag|>", null],
  ["[TOOL_CALLS]", null],
  ["<｜tool▁calls▁begin｜>", "<｜tool▁calls▁end｜>"],
  ["<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"],
];
/** A control token of those templates on its own (`<|"|>`, `<turn|>`, `<|eom_id|>`, a stray close). */
const TOKEN =
  /^(?:<\|[a-z_"/]{1,30}\|?>|<[a-z_]{1,30}\|>|<\/(?:tool_call|tool_code|function_call|function)>|<end_function_(?:call|response)>)/;
const TOKEN_START = /^<(?:\|[a-z_"/]{0,30}\|?|[a-z_]{1,30}\|?|\/[a-z_]{0,20}|end_[a-z_]{0,20})$/;
/** Gemma 4's call syntax without its tokens. */
const BARE_CALL = /^call:[A-Za-z_][\w.-]{0,63}\{/;
/** The first key of JSON that may be a call. */
const CALL_KEY =
  /^(?:\[\s*)?\{\s*"(?:name|tool|tool_name|toolName|function|function_call|functionCall|tool_calls|tool_call|tool_uses|recipient_name|type)"\s*:/;

export const HOLD_LIMIT = 4_000;

type Stripper = { push(delta: string): string; flush(): string; readonly found: boolean };

export function stripTextToolCalls(text: string): { text: string; found: boolean } {
  const stripper = createToolCallStripper();
  const out = stripper.push(text) + stripper.flush();
  return { text: out, found: stripper.found };
}

/** One per model call: `push` each delta of its text, `flush` at a text part's end; `found` once one went. */
export function createToolCallStripper(): Stripper {
  let pending = "";
  // Inside a marked call: the close that ends it (null: nothing does).
  let inside: { close: string | null } | null = null;
  let found = false;
  // After a fenced call: the fence's closing line goes with it.
  let fenceClose = false;

  function run(final: boolean): string {
    let out = "";
    while (pending) {
      if (inside) {
        const { close } = inside;
        const at = close === null ? -1 : pending.indexOf(close);
        if (close === null || at === -1) {
          // Keep what may be the start of the close.
          pending = close === null || final ? "" : pending.slice(Math.max(0, pending.length - close.length + 1));
          break;
        }
        pending = pending.slice(at + close.length);
        inside = null;
        continue;
      }
      if (fenceClose) {
        const fence = /^\s*```[ \t]*(?:\n|$)/.exec(pending);
        if (fence && (fence[0].endsWith("\n") || final)) {
          pending = pending.slice(fence[0].length);
        } else if (!final && /^\s*`{0,3}[ \t]*$/.test(pending)) {
          break;
        }
        fenceClose = false;
        continue;
      }
      const at = pending.search(/[<[{`c]/);
      if (at === -1) {
        out += pending;
        pending = "";
        break;
      }
      out += pending.slice(0, at);
      pending = pending.slice(at);
      const step = read(pending, final);
      if (step === "partial") break;
      if (step.drop === 0) {
        out += pending.charAt(0);
        pending = pending.slice(1);
        continue;
      }
      if (step.call) found = true;
      pending = pending.slice(step.drop);
      if (step.opens !== undefined) inside = { close: step.opens };
      if (step.fenced) fenceClose = true;
      // The space a dropped call leaves before the next words goes too.
      if (/\s$/.test(out) || out === "") pending = pending.replace(/^[ \t]+/, "");
    }
    return out;
  }

  return {
    push(delta) {
      pending += delta;
      return run(false);
    },
    flush() {
      const out = run(true);
      pending = "";
      inside = null;
      fenceClose = false;
      return out;
    },
    get found() {
      return found;
    },
  };
}

/** What the text at its start is: `drop` characters (0: none, it is text), maybe opening a call. */
type Step = { drop: number; call?: boolean; opens?: string | null; fenced?: boolean } | "partial";

function read(text: string, final: boolean): Step {
  const first = text.charAt(0);
  if (first === "<" || first === "[") {
    for (const [open, close] of MARKED) {
      if (text.startsWith(open)) return { drop: open.length, call: true, opens: close };
      if (!final && open.startsWith(text)) return "partial";
    }
    if (first === "<") {
      const token = TOKEN.exec(text);
      if (token) return { drop: token[0].length };
      if (!final && text.length < 34 && TOKEN_START.test(text)) return "partial";
    }
  }
  if (first === "c") {
    if (BARE_CALL.test(text)) {
      const end = jsonEnd(text, text.indexOf("{"));
      if (end === -1) return final || text.length > HOLD_LIMIT ? { drop: text.length, call: true } : "partial";
      return { drop: end, call: true };
    }
    if (!final && text.length < 70 && /^c(?:a(?:l(?:l(?::[A-Za-z_][\w.-]*)?)?)?)?$/.test(text)) return "partial";
    return { drop: 0 };
  }
  if (first === "`") return fenced(text, final);
  if (first === "{" || first === "[") return json(text, 0, final);
  return { drop: 0 };
}

/** A code fence whose content is a call: the fence, the call and its closing fence go. */
function fenced(text: string, final: boolean): Step {
  const open = /^```[A-Za-z]*[ \t]*\n\s*/.exec(text);
  if (!open) return !final && /^`{1,3}[A-Za-z]*[ \t]*$/.test(text) ? "partial" : { drop: 0 };
  if (open[0].length === text.length) return final ? { drop: 0 } : "partial";
  const inner = json(text, open[0].length, final);
  if (inner === "partial") return inner;
  return inner.call ? { ...inner, fenced: true } : { drop: 0 };
}

/** JSON from `from`: dropped whole when it parses as a call, held while it may still become one. */
function json(text: string, from: number, final: boolean): Step {
  const rest = text.slice(from);
  if (!CALL_KEY.test(rest)) {
    // Too short to tell yet: `{"na`.
    if (!final && rest.length < 40 && /^[[{][\s"\w]*$/.test(rest)) return "partial";
    return { drop: 0 };
  }
  const end = jsonEnd(text, from);
  if (end === -1) {
    if (!final && text.length <= HOLD_LIMIT) return "partial";
    // Never closed: a call cut short is still a call; anything else is text.
    return { drop: 0 };
  }
  let value: unknown;
  try {
    value = JSON.parse(text.slice(from, end));
  } catch {
    return { drop: 0 };
  }
  return isCall(value) ? { drop: end, call: true } : { drop: 0 };
}

/** Where the JSON value starting at `from` ends (balanced braces and brackets, strings skipped), or -1. */
function jsonEnd(text: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let index = from; index < text.length; index++) {
    const char = text.charAt(index);
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

const IDENTIFIER = /^[A-Za-z_][\w.-]{0,63}$/;
const ARGUMENT_KEYS = ["arguments", "parameters", "args", "input", "params"];

/** JSON that names a call: a tool's name as an identifier (with its arguments, or alone), or a list of calls. */
function isCall(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0 && value.every(isCall);
  if (!value || typeof value !== "object") return false;
  const object = value as Record<string, unknown>;
  if (["tool_calls", "tool_call", "function_call", "functionCall", "tool_uses"].some((key) => key in object))
    return true;
  if (object.type === "function" || object.type === "tool_use" || object.type === "tool_call") return true;
  const fn = object.function;
  if (fn && typeof fn === "object" && typeof (fn as { name?: unknown }).name === "string") return true;
  const name = object.name ?? object.tool ?? object.tool_name ?? object.toolName ?? object.recipient_name ?? fn;
  if (typeof name !== "string" || !IDENTIFIER.test(name)) return false;
  return ARGUMENT_KEYS.some((key) => key in object) || /_/.test(name);
}
