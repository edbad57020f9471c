const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Markdown cut into its top-level blocks, at blank lines that are neither inside a fenced code
 * block nor followed by an indented line (a list item's continuation), so that while an answer
 * streams only its last, growing block is parsed again. Joined with blank lines they are the
 * source; rendered one by one they read as the whole (a list split at a blank line renders as two
 * lists, and an ordered one keeps its numbers).
 */
export function markdownBlocks(source: string): string[] {
  const lines = source.split("\n");
  const blocks: string[] = [];
  let block: string[] = [];
  let fence: string | null = null;
  lines.forEach((line, i) => {
    const marker = FENCE.exec(line)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === null ? marker : null;
    }
    const next = lines[i + 1];
    const cut = fence === null && line.trim() === "" && next !== undefined && next.trim() !== "" && !/^\s/.test(next);
    if (cut) {
      if (block.some((text) => text.trim() !== "")) blocks.push(block.join("\n"));
      block = [];
    } else block.push(line);
  });
  if (block.length > 0) blocks.push(block.join("\n"));
  return blocks;
}
