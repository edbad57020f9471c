import type { AgentCopy } from "@/components/agent/copy";
import type { Dictionary } from "@/lib/i18n/dictionary";

/** The strings the chat needs, passed from the server page (the dictionaries stay off the client). */
export type ChatCopy = Dictionary["assistant"];

/**
 * The agent console's strings the Lab's other consoles share (the amount warning, how a refused
 * request reads), with the errors worded for any Lab use rather than for an agent run.
 */
export function sharedLabCopy(dict: Dictionary): AgentCopy {
  return { ...dict.agent.console, errors: { ...dict.agent.console.errors, ...dict.labErrors } };
}
