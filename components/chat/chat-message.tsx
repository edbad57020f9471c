import dynamic from "next/dynamic";
import { memo } from "react";
import { AmountWarning } from "@/components/lab/amount-warning";
import type { LabCopy } from "@/components/lab/copy";
import type { ChatUIMessage } from "@/lib/chat/types";
import type { Locale } from "@/lib/i18n/config";
import { LAB_USES } from "@/lib/lab-uses";
import { paths } from "@/lib/site/paths";
import styles from "./chat-console.module.css";
import type { ChatCopy } from "./chat-copy";

// Client only, like the conversation itself (the server renders the console empty): nothing shows
// until it has loaded, rather than a flash of raw Markdown.
const AnswerMarkdown = dynamic(
  () => import("@/components/lab/answer-markdown").then((module) => module.AnswerMarkdown),
  {
    ssr: false,
  },
);

type Props = {
  message: ChatUIMessage;
  copy: ChatCopy;
  shared: LabCopy;
  locale: Locale;
  streaming: boolean;
};

/**
 * One turn: the visitor's text as typed, or the answer as checked Markdown with what it ended on.
 * `memo`: while an answer streams only its own message changes (the SDK keeps the others' objects),
 * so the turns before it don't render again on each token.
 */
export const ChatMessage = memo(function ChatMessage({ message, copy, shared, locale, streaming }: Props) {
  const text = message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
  if (message.role === "user") {
    return (
      <li className={styles.user} data-testid="chat-message" data-role="user">
        <span className="visually-hidden">{copy.you}: </span>
        <p dir="auto">{text}</p>
      </li>
    );
  }
  const done = message.parts.find((part) => part.type === "data-done")?.data;
  const note = done ? copy.reasons[done.reason] : "";
  return (
    <li
      className={styles.assistant}
      data-testid="chat-message"
      data-role="assistant"
      data-state={done ? "done" : streaming ? "streaming" : "stopped"}
    >
      <span className="visually-hidden">{copy.assistant}: </span>
      <AnswerMarkdown source={text} />
      {note ? <p className={styles.note}>{note}</p> : null}
      {done && done.unverifiedAmounts.length > 0 ? (
        <AmountWarning amounts={done.unverifiedAmounts} calculatorHref={paths.quote(locale)} copy={shared} />
      ) : null}
      {done ? (
        <p className={styles.meta} data-testid="chat-model">
          {copy.answeredBy}: {done.model === LAB_USES.chat.offlineModel ? copy.offlineModel : <code>{done.model}</code>}
        </p>
      ) : null}
    </li>
  );
});
