import { type UseChatHelpers, useChat } from "@ai-sdk/react";
import type { HttpChatTransportInitOptions, UIMessage } from "ai";
import { memo, useLayoutEffect } from "react";
import { STREAM_RENDER_MS } from "./stream-render";
import { type LabResponseInfo, useLabTransport } from "./use-lab-transport";

/** What a console reads and calls of its conversation, once the engine is there. */
export type LabChat<M extends UIMessage> = Pick<
  UseChatHelpers<M>,
  "messages" | "status" | "error" | "sendMessage" | "stop" | "clearError" | "setMessages"
> & { info: LabResponseInfo | null };

/** The request a console builds from its conversation. Keep it stable (`useCallback`): it is a prop of a memo. */
export type PrepareRequest<M extends UIMessage> = NonNullable<
  HttpChatTransportInitOptions<M>["prepareSendMessagesRequest"]
>;

type Props<M extends UIMessage> = {
  api: string;
  prepareSendMessagesRequest: PrepareRequest<M>;
  onChange: (chat: LabChat<M>) => void;
};

function LabChatEngineInner<M extends UIMessage>({ api, prepareSendMessagesRequest, onChange }: Props<M>) {
  const { transport, info } = useLabTransport<M>(api, prepareSendMessagesRequest);
  const chat = useChat<M>({ transport, throttle: STREAM_RENDER_MS });
  const { messages, status, error, sendMessage, stop, clearError, setMessages } = chat;
  useLayoutEffect(() => onChange({ messages, status, error, sendMessage, stop, clearError, setMessages, info }));
  return null;
}

/**
 * `useChat` and the AI SDK (most of a Lab console's JavaScript) behind a component that renders
 * nothing. The consoles load it with `next/dynamic` and `ssr: false`, so the server never compiles
 * it (its rendering of a console has no conversation to show) and the browser fetches it after
 * the page. It hands each new state up (at most every `STREAM_RENDER_MS` while text streams)
 * before the browser paints; `memo` keeps the parent's re-render from re-rendering it in turn.
 */
export const LabChatEngine = memo(LabChatEngineInner) as typeof LabChatEngineInner;
