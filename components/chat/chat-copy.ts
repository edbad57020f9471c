import type { Dictionary } from "@/lib/i18n/dictionary";

/** The strings the chat needs, passed from the server page (the dictionaries stay off the client). */
export type ChatCopy = Dictionary["assistant"];
