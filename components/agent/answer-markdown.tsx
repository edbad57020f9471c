import Link from "next/link";
import ReactMarkdown, { type Components } from "react-markdown";
import { safeLink } from "@/lib/lab/links";
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

/**
 * The agent's answer as Markdown; raw HTML is dropped, never rendered. A link to `plainHref` (the
 * next step, which has its own button) keeps only its words.
 */
export function AnswerMarkdown({ source, plainHref }: { source: string; plainHref?: string }) {
  return (
    <div className={`prose ${styles.text}`}>
      <ReactMarkdown skipHtml components={plainHref === undefined ? components : componentsFor(plainHref)}>
        {source}
      </ReactMarkdown>
    </div>
  );
}
