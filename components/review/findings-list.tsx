import type { ReviewData } from "@/lib/review/output";
import { codeLineId } from "./code-view";
import type { ReviewCopy } from "./review-console";
import styles from "./review-console.module.css";

/** The findings, most serious first as the reviewer wrote them; each line number jumps into the code. */
export function FindingsList({ review, copy }: { review: ReviewData; copy: ReviewCopy }) {
  if (review.final && review.findings.length === 0) {
    return (
      <p className="muted" data-testid="review-no-findings">
        {copy.noFindings}
      </p>
    );
  }
  return (
    <>
      <h2>{copy.findings}</h2>
      <ol className={styles.findings} data-testid="review-findings">
        {review.findings.map((finding, index) => (
          <li
            // Findings only grow while streaming: their index is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className={styles.finding}
            data-testid="review-finding"
            data-severity={finding.severity ?? ""}
            data-line={finding.line ?? ""}
          >
            <p className={styles.findingHead}>
              {finding.severity ? (
                <span className={`${styles.severity} ${styles[finding.severity]}`}>
                  {copy.severity[finding.severity]}
                </span>
              ) : null}
              {typeof finding.line === "number" ? (
                <a href={`#${codeLineId(finding.line)}`} className={styles.lineLink} data-testid="review-line-link">
                  {copy.line.replace("{line}", String(finding.line))}
                </a>
              ) : finding.line === null ? (
                <span className="muted">{copy.noLine}</span>
              ) : null}
              <strong dir="auto">{finding.title}</strong>
            </p>
            {finding.why ? (
              <p dir="auto">
                <span className={styles.label}>{copy.why}:</span> {finding.why}
              </p>
            ) : null}
            {finding.fix ? (
              <p dir="auto">
                <span className={styles.label}>{copy.fix}:</span> {finding.fix}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}
