import { codeLines } from "@/lib/review/code";
import type { Finding } from "@/lib/review/output";
import type { ReviewCopy } from "./review-console";
import styles from "./review-console.module.css";

export function codeLineId(line: number): string {
  return `code-line-${line}`;
}

/**
 * The reviewed code, numbered, as text (never run, never parsed as HTML): each line is an anchor a
 * finding's line number jumps to, and lines with findings are marked.
 */
export function CodeView({ code, findings, copy }: { code: string; findings: Partial<Finding>[]; copy: ReviewCopy }) {
  const marked = new Set(findings.map((f) => f.line).filter((line): line is number => typeof line === "number"));
  return (
    <figure className={styles.codeView}>
      <figcaption className="visually-hidden">{copy.code}</figcaption>
      <pre data-testid="review-code-view">
        {codeLines(code).map((line, index) => {
          const number = index + 1;
          return (
            <span
              // Lines are positions in a fixed text: the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              id={codeLineId(number)}
              tabIndex={-1}
              className={marked.has(number) ? `${styles.line} ${styles.marked}` : styles.line}
              data-line={number}
            >
              <span className={styles.lineNumber} aria-hidden="true">
                {number}
              </span>
              {line}
              {"\n"}
            </span>
          );
        })}
      </pre>
    </figure>
  );
}
