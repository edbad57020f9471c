import type { Ref } from "react";
import styles from "./lab.module.css";

/**
 * A line of the Lab that arrives after the page (the units left, the days kept) holds its place
 * with its own sentence, hidden, until then: the same words wrap the same way in any studio's
 * copy and language, where an empty line was one line high and the sentence took two on a phone
 * (the Lab's entries below moved down when it came, CLS 0.014 at 412 px).
 */
export function PendingLine({
  text,
  testId,
  ref,
  className = styles.units,
}: {
  text: string;
  testId: string;
  ref?: Ref<HTMLParagraphElement>;
  /** The class of the line it stands for, so it takes the same room. */
  className?: string;
}) {
  return (
    <p ref={ref} className={`${className} ${styles.pending}`} aria-hidden="true" data-testid={testId}>
      {text}
    </p>
  );
}
