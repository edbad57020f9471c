import { estimateTokens, TOKENS_PER_MESSAGE } from "@/lib/text/tokens";

export type ChatTurn = { role: "user" | "assistant"; text: string };

export function turnTokens(turn: ChatTurn): number {
  return TOKENS_PER_MESSAGE + estimateTokens(turn.text);
}

/**
 * The newest turns that fit in `budget` tokens, oldest dropped first. The last turn (the visitor's
 * question) is always kept; the kept part starts with a visitor's turn, as chat templates expect.
 */
export function trimConversation(turns: readonly ChatTurn[], budget: number): ChatTurn[] {
  const kept: ChatTurn[] = [];
  let used = 0;
  for (let index = turns.length - 1; index >= 0; index -= 1) {
    const turn = turns[index];
    if (!turn) continue;
    const cost = turnTokens(turn);
    if (kept.length > 0 && used + cost > budget) break;
    kept.unshift(turn);
    used += cost;
  }
  while (kept.length > 1 && kept[0]?.role !== "user") kept.shift();
  return kept;
}
