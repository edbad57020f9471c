import Link from "next/link";
import ReactMarkdown, { type Components } from "react-markdown";
import { safeLink } from "@/lib/lab/links";
import styles from "./run-answer.module.css";

// Like components/site/markdown.tsx, but for text a model wrote: links only to this site's pages
// (or the studio's WhatsApp), in the same tab; any other link, and every image, keeps only its text.
const components: Components = {
  a: ({ href, children }) => {
    const link = safeLink(href);
    if (!link) return <>{children}</>;
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

/** The agent's answer as Markdown; raw HTML is dropped, never rendered. */
export function AnswerMarkdown({ source }: { source: string }) {
  return (
    <div className={`prose ${styles.text}`}>
      <ReactMarkdown skipHtml components={components}>
        {source}
      </ReactMarkdown>
    </div>
  );
}
