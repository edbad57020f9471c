import { asSchema, type FlexibleSchema, type ToolExecuteFunction } from "ai";

/** The least a tool's `execute` gets from the loop. */
const CALL_OPTIONS = { toolCallId: "call-1", messages: [], context: {} };

/**
 * Calls a tool the way the AI SDK does: validates `input` with the tool's own schema first (so
 * zod defaults apply and refusals surface as errors), then runs `execute` directly.
 */
export async function callTool<I, O>(
  tool: { inputSchema: FlexibleSchema<I>; execute: ToolExecuteFunction<I, O, Record<string, unknown>> },
  input: unknown,
): Promise<O> {
  const parsed = await asSchema(tool.inputSchema).validate?.(input);
  if (!parsed?.success) throw new Error(`refused: ${parsed?.error.message}`);
  const output = await tool.execute(parsed.value, CALL_OPTIONS);
  if (typeof output === "object" && output !== null && Symbol.asyncIterator in output) {
    throw new Error("the agent's tools return one result, not a stream");
  }
  return output as O;
}

/** What the SDK's validation says about `input`: the refusal's zod issues, or none. */
export async function refusal(schema: FlexibleSchema<unknown>, input: unknown): Promise<string | null> {
  const parsed = await asSchema(schema).validate?.(input);
  return parsed?.success ? null : (parsed?.error.message ?? "refused");
}
