import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";

/** The console's strings, passed from the server page (the dictionaries stay off the client). */
export type AgentCopy = Dictionary["agent"]["console"];

/** What the server knows and the tool results only name by id: service id -> name, extras and a plan's term. */
export type ServiceNames = Record<string, { name: string; extras: Record<string, string>; term?: { months: number } }>;

/** What every step view needs besides its part. */
export type ViewContext = {
  copy: AgentCopy;
  locale: Locale;
  names: ServiceNames;
  /** Whether the run is still streaming: a call left half-done by Stop shows as stopped. */
  active: boolean;
};
