import { memo, useMemo } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import { Link } from "@/components/site/link";
import { safeLink } from "@/lib/lab/links";
import { markdownBlocks } from "./markdown-blocks";
import styles from "./run-answer.module.css";

// Like components/site/markdown.tsx, but for text a model wrote: links only to this site's pages
// (or the studio's WhatsApp), in the same tab; any other link, and every image, keeps only its text.
function componentsFor(plainHref: string | undefined): Components {
  const plain = plainHref === undefined ? undefined : safeLink(plainHref)?.href;
  return {
    a: ({ href, children }) => {
      const link = safeLink(href);
      if (!link || link.href === plain) return <>{children}</>;
      return link.kind === "site" ? (
        <Link href={link.href}>{children}</Link>
      ) : (
        <a href={link.href} rel="noopener noreferrer">
          {children}
        </a>
      );
    },
    img: ({ alt }) => <>{alt ?? ""}</>,
  };
}

const components = componentsFor(undefined);

/** One top-level block: `memo`, so a block already streamed is not parsed again. */
const MarkdownBlock = memo(function MarkdownBlock({ source, parts }: { source: string; parts: Components }) {
  return (
    <ReactMarkdown skipHtml components={parts}>
      {source}
    </ReactMarkdown>
  );
});

/**
 * The agent's answer as Markdown; raw HTML is dropped, never rendered. A link to `plainHref` (the
 * next step, which has its own button) keeps only its words. Rendered block by block: while an
 * answer streams, only its last block changes.
 */
export function AnswerMarkdown({ source, plainHref }: { source: string; plainHref?: string }) {
  const parts = useMemo(() => (plainHref === undefined ? components : componentsFor(plainHref)), [plainHref]);
  return (
    <div className={`prose ${styles.text}`}>
      {markdownBlocks(source).map((block, index) => (
        // Blocks only grow at the end: a block's place is its identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <MarkdownBlock key={index} source={block} parts={parts} />
      ))}
    </div>
  );
}
