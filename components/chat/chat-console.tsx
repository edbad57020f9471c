"use client";

import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import type { LabCopy } from "@/components/lab/copy";
import { type LabChat, LabChatEngine, type PrepareRequest } from "@/components/lab/lab-chat";
import { problemFromError, problemMessage } from "@/components/lab/run-problems";
import { useEngineOnIntent } from "@/components/lab/use-engine-on-intent";
import { useHydrated } from "@/components/lab/use-hydrated";
import { useKeptBeforeHydration } from "@/components/lab/use-kept-before-hydration";
import { CHAT_LIMITS } from "@/lib/chat/limits";
import type { ChatUIMessage } from "@/lib/chat/types";
import type { Locale } from "@/lib/i18n/config";
import { fill } from "@/lib/i18n/fill";
import { newRunId } from "@/lib/lab/records/id";
import styles from "./chat-console.module.css";
import type { ChatCopy } from "./chat-copy";
import { ChatMessage } from "./chat-message";

/** The newest messages the page sends: the route trims to its token budget anyway. */
const SENT_MESSAGES = 20;

/** Only what the route reads: text, capped as the route caps it, starting with a question. */
function requestMessages(messages: ChatUIMessage[]) {
  const recent = messages.slice(-SENT_MESSAGES);
  while (recent.length > 1 && recent[0]?.role !== "user") recent.shift();
  return recent.map((message) => ({
    id: message.id,
    role: message.role,
    parts: [
      {
        type: "text" as const,
        text: message.parts
          .map((part) => (part.type === "text" ? part.text : ""))
          .join("")
          .slice(0, message.role === "user" ? CHAT_LIMITS.maxMessageChars : CHAT_LIMITS.maxAnswerChars),
      },
    ],
  }));
}

type Props = { locale: Locale; copy: ChatCopy; shared: LabCopy };

/** The assistant: a conversation kept in this tab only; each message is one unit of the daily quota. */
export function ChatConsole({ locale, copy, shared }: Props) {
  const [question, setQuestion] = useState("");
  // This tab's conversation: the studio's records keep its messages together under this id.
  const [conversationId] = useState(newRunId);
  const prepare = useCallback<PrepareRequest<ChatUIMessage>>(
    ({ id, messages, trigger, messageId }) => ({
      body: { id, trigger, messageId, locale, messages: requestMessages(messages), conversationId },
    }),
    [locale, conversationId],
  );
  // Null until the engine has loaded (when the visitor reaches for the console): there is nothing
  // to show until then, and a message sent first waits for it in `queued`.
  const engine = useEngineOnIntent<HTMLElement>();
  const hydrated = useHydrated();
  const [chat, setChat] = useState<LabChat<ChatUIMessage> | null>(null);
  const [queued, setQueued] = useState<string | null>(null);
  const messages = chat?.messages ?? [];
  const status = queued !== null ? "submitted" : (chat?.status ?? "ready");
  const busy = status === "submitted" || status === "streaming";
  const problem = chat?.error ? problemFromError(chat.error) : null;
  const info = chat?.info ?? null;
  const logRef = useRef<HTMLOListElement>(null);
  // A question typed before the page's script ran stays.
  const questionRef = useRef<HTMLTextAreaElement>(null);
  useKeptBeforeHydration(questionRef, setQuestion);

  const count = messages.length;
  useEffect(() => {
    if (count > 0) logRef.current?.lastElementChild?.scrollIntoView({ block: "nearest" });
  }, [count]);

  function send(text: string) {
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    setQuestion("");
    if (!chat) {
      engine.want();
      setQueued(trimmed);
      return;
    }
    chat.clearError();
    void chat.sendMessage({ text: trimmed });
  }

  useEffect(() => {
    if (!chat || queued === null) return;
    setQueued(null);
    chat.clearError();
    void chat.sendMessage({ text: queued });
  }, [chat, queued]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send(question);
  }

  return (
    <section className={styles.console} aria-label={copy.title} ref={engine.ref}>
      {engine.wanted ? (
        <LabChatEngine<ChatUIMessage> api="/api/chat" prepareSendMessagesRequest={prepare} onChange={setChat} />
      ) : null}
      {count === 0 ? <p className="muted">{copy.empty}</p> : null}
      {/* Polite, and busy while an answer streams: a screen reader reads the answer once it is whole. */}
      <ol className={styles.log} ref={logRef} aria-live="polite" aria-busy={busy} data-testid="chat-log">
        {messages.map((message, index) => (
          <ChatMessage
            key={message.id}
            message={message}
            copy={copy}
            shared={shared}
            locale={locale}
            streaming={busy && index === count - 1 && message.role === "assistant"}
          />
        ))}
        {status === "submitted" ? (
          <li className={styles.pending} data-testid="chat-pending">
            {copy.thinking}
          </li>
        ) : null}
      </ol>
      {problem ? (
        <div className="notice notice--warning" role="alert" data-testid="chat-notice" data-problem={problem.kind}>
          {problemMessage(problem, shared, locale)}
        </div>
      ) : null}
      <form className={styles.form} onSubmit={onSubmit}>
        <label htmlFor="chat-question">{copy.question}</label>
        <textarea
          ref={questionRef}
          id="chat-question"
          value={question}
          maxLength={CHAT_LIMITS.maxMessageChars}
          placeholder={copy.placeholder}
          rows={2}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              send(question);
            }
          }}
        />
        <div className={styles.actions}>
          {busy ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => (chat ? void chat.stop() : setQueued(null))}
              data-testid="chat-stop"
            >
              {copy.stop}
            </button>
          ) : null}
          <button
            type="submit"
            className="button"
            disabled={!hydrated || busy || !question.trim()}
            data-testid="chat-send"
          >
            {copy.send}
          </button>
        </div>
        <fieldset className={styles.examples}>
          <legend>{copy.examplesLabel}</legend>
          {copy.examples.map((example) => (
            <button
              key={example}
              type="button"
              className={styles.example}
              disabled={!hydrated || busy}
              onClick={() => send(example)}
            >
              {example}
            </button>
          ))}
        </fieldset>
      </form>
      {info?.remaining !== null && info?.remaining !== undefined ? (
        <p className="muted" data-testid="chat-units">
          {fill(copy.unitsLeft, { units: info.remaining })}
        </p>
      ) : null}
    </section>
  );
}
