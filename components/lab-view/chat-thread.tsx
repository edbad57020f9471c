import { AmountWarning } from "@/components/lab/amount-warning";
import { Link } from "@/components/site/link";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import type { DoneData } from "@/lib/lab/types";
import { studioPaths } from "@/lib/lab-view/paths";
import { paths } from "@/lib/site/paths";
import { CheckedMarkdown } from "./checked-markdown";
import styles from "./lab-view.module.css";

/** One turn of a conversation: the visitor's question and the answer's checked parts. */
export type ChatTurn = { id: string; question: string; parts: object[]; current: boolean };

type Props = { turns: ChatTurn[]; visitorLocale: Locale; studioLocale: Locale };

/**
 * A conversation as its visitor saw it, in order: each question as text, each answer through the
 * Lab's checked renderer with its warning. The other turns link to their own pages.
 */
export function ChatThread({ turns, visitorLocale, studioLocale }: Props) {
  const copy = getDictionary(studioLocale).labView.run;
  const chat = getDictionary(visitorLocale).assistant;
  const shared = getDictionary(visitorLocale).agent.console;
  return (
    <ol className={styles.thread} data-testid="lab-thread">
      {turns.map((turn) => {
        const text = (turn.parts as { type: string; text?: string }[])
          .map((part) => (part.type === "text" ? (part.text ?? "") : ""))
          .join("");
        const done = (turn.parts as { type: string; data?: DoneData }[]).find(
          (part) => part.type === "data-done",
        )?.data;
        const note = done ? chat.reasons[done.reason] : "";
        return (
          <li key={turn.id} className={turn.current ? `${styles.turn} ${styles.current}` : styles.turn}>
            <p className={styles.question}>
              <span className={styles.who}>{copy.you}: </span>
              {turn.question}
            </p>
            <div className={styles.reply}>
              <span className={styles.who}>{copy.assistant}:</span>
              <CheckedMarkdown source={text} />
              {note ? <p className="muted">{note}</p> : null}
              {done?.unverifiedAmounts.length ? (
                <AmountWarning
                  amounts={done.unverifiedAmounts}
                  calculatorHref={paths.quote(visitorLocale)}
                  copy={shared}
                />
              ) : null}
            </div>
            {turn.current ? (
              <p className="muted">{copy.thisTurn}</p>
            ) : (
              <Link href={studioPaths.run(studioLocale, turn.id)}>{getDictionary(studioLocale).labView.list.open}</Link>
            )}
          </li>
        );
      })}
    </ol>
  );
}
