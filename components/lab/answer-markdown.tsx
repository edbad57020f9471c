import { memo, useMemo } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import { Link } from "@/components/site/link";
import { type LinkPolicy, safeLink } from "@/lib/checks/links";
import { withoutGoal } from "@/lib/contact/lead-context";
import { markdownBlocks } from "./markdown-blocks";

// Like components/site/markdown.tsx, but for text a model wrote: links only to this site's pages
// (or the studio's WhatsApp), in the same tab; any other link, and every image, keeps only its text.
function componentsFor(plainHref: string | undefined, policy?: LinkPolicy): Components {
  // The model copies the step's link without the goal (`withoutGoal`): the same step either way.
  const plain = plainHref === undefined ? undefined : safeLink(withoutGoal(plainHref), policy)?.href;
  return {
    a: ({ href, children }) => {
      const link = safeLink(href, policy);
      if (!link || (plain !== undefined && withoutGoal(link.href) === plain)) return <>{children}</>;
      return link.kind === "site" ? (
        <Link href={link.href}>{children}</Link>
      ) : (
        <a href={link.href} rel="noopener noreferrer">
          {children}
        </a>
      );
    },
    img: ({ alt }) => <>{alt ?? ""}</>,
    // Each paragraph, item and heading takes its direction from its own first strong character:
    // an answer can mix a right-to-left language with Latin names and figures.
    p: ({ children }) => <p dir="auto">{children}</p>,
    li: ({ children }) => <li dir="auto">{children}</li>,
    h1: ({ children }) => <h1 dir="auto">{children}</h1>,
    h2: ({ children }) => <h2 dir="auto">{children}</h2>,
    h3: ({ children }) => <h3 dir="auto">{children}</h3>,
    blockquote: ({ children }) => <blockquote dir="auto">{children}</blockquote>,
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

type Props = {
  source: string;
  plainHref?: string;
  /** The site's pages, where the server knows them (the studio's replay of a record): other paths are no link. */
  policy?: LinkPolicy;
};

/**
 * The agent's answer as Markdown; raw HTML is dropped, never rendered. A link to `plainHref` (the
 * next step, which has its own button) keeps only its words. Rendered block by block: while an
 * answer streams, only its last block changes.
 */
export function AnswerMarkdown({ source, plainHref, policy }: Props) {
  const parts = useMemo(
    () => (plainHref === undefined && !policy ? components : componentsFor(plainHref, policy)),
    [plainHref, policy],
  );
  return (
    <div className="prose" dir="auto">
      {markdownBlocks(source).map((block, index) => (
        // Blocks only grow at the end: a block's place is its identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <MarkdownBlock key={index} source={block} parts={parts} />
      ))}
    </div>
  );
}
