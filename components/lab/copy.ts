import type { Dictionary } from "@/lib/i18n/dictionary";
import { groupDigits } from "@/lib/i18n/plural";

type ConsoleCopy = Dictionary["agent"]["console"];

/**
 * The strings every Lab console shares: how a refused request reads, the warning about amounts no
 * tool returned, the units left. The agent's console has them in its own copy; the assistant's and
 * the reviewer's pages send only these (`labCopy`), passed from the server page.
 */
export type LabCopy = Pick<ConsoleCopy, "errors" | "warning"> & { meter: Pick<ConsoleCopy["meter"], "unitsLeft"> };

/** The shared strings, with the errors worded for any Lab use rather than for an agent run. */
export function labCopy(dict: Dictionary): LabCopy {
  const { errors, warning, meter } = dict.agent.console;
  // Only these: the page sends them to the browser, and the rest of the agent's copy is ~5 KB.
  return { errors: { ...errors, ...dict.labErrors }, warning, meter: { unitsLeft: meter.unitsLeft } };
}

/** A whole number with the locale's thousands separator, the same on the server and in the browser. */
export const formatCount = groupDigits;
