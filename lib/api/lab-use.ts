import "server-only";
import { createUIMessageStreamResponse, type UIMessageChunk } from "ai";
import type { Usage } from "@/lib/quota";
import { type LabUnits, settleLabUnits } from "./lab-units";

// Apart from lab-units.ts on purpose: this module pulls in the AI SDK, which the units-left route
// and the contact form (they import lab-units) must not bundle.

/** What a finished Lab use reports for its books (the agent's, the chat's and the review's summaries). */
export type FinishedUse = {
  usage: Omit<Usage, "model" | "kind">;
  model: string;
  reason: string;
  /** Whether the visitor saw anything before it ended. */
  shown: boolean;
};

/** The `onFinish` of a Lab use: `settleLabUnits` with its kind, releasing only a failure nobody saw. */
export function settleOnFinish(units: LabUnits, kind: NonNullable<Usage["kind"]>) {
  return (use: FinishedUse): Promise<void> =>
    settleLabUnits(
      units,
      { ...use.usage, model: use.model, kind },
      { release: use.reason === "model_error" && !use.shown },
    );
}

/** A Lab use's streamed answer, with the visitor's units left and the model that answers. */
export function labUseResponse(units: LabUnits, modelName: string, stream: ReadableStream<UIMessageChunk>): Response {
  return createUIMessageStreamResponse({
    stream,
    headers: {
      "Cache-Control": "no-store",
      "X-Quota-Remaining": String(units.remaining.ip),
      "X-Agent-Model": modelName,
    },
  });
}
