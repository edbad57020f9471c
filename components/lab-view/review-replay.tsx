import { CodeView } from "@/components/review/code-view";
import { FindingsList } from "@/components/review/findings-list";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import type { ReviewData } from "@/lib/review/output";

type Props = { parts: object[]; code: string; locale: Locale };

/** A review as its visitor saw it: the summary, the findings and the code they point into (as text). */
export function ReviewReplay({ parts, code, locale }: Props) {
  const copy = getDictionary(locale).reviewer;
  const review = (parts as { type: string; data?: ReviewData }[]).find((part) => part.type === "data-review")?.data;
  return (
    <>
      {review ? (
        <>
          <h3>{copy.summary}</h3>
          <p data-testid="review-summary" dir="auto">
            {review.summary}
          </p>
          <FindingsList review={review} copy={copy} />
        </>
      ) : null}
      <CodeView code={code} findings={review?.findings ?? []} copy={copy} />
    </>
  );
}
