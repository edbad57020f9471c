import dynamic from "next/dynamic";
import type { LabChatEngine as Engine } from "./lab-chat-engine";

export type { LabChat, PrepareRequest } from "./lab-chat-engine";

/**
 * The Lab consoles' engine (`lab-chat-engine.tsx`), client only: the server's rendering of a
 * console has no conversation to show, so with `ssr: false` the server build never compiles the
 * AI SDK. Import it from here, never the engine module itself.
 */
export const LabChatEngine = dynamic(() => import("./lab-chat-engine").then((module) => module.LabChatEngine), {
  ssr: false,
}) as typeof Engine;
