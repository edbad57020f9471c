import { AnswerMarkdown } from "@/components/lab/answer-markdown";
import { isSitePath } from "@/lib/checks/site-paths";

const POLICY = { sitePaths: isSitePath };

/**
 * The Lab's own Markdown renderer, on the server, with the route's link policy: only pages of the
 * site (and the studio's WhatsApp) are links, so a record's text can't link to the studio's pages.
 */
export function CheckedMarkdown({ source, plainHref }: { source: string; plainHref?: string }) {
  return <AnswerMarkdown source={source} plainHref={plainHref} policy={POLICY} />;
}
