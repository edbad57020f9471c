import ReactMarkdown from "react-markdown";
import { Link } from "@/components/site/link";

/**
 * The studio's Markdown as React elements. react-markdown never renders raw HTML; site paths
 * become client-side links, anything else opens as an ordinary external link.
 */
export function Markdown({ source }: { source: string }) {
  return (
    <div className="prose">
      <ReactMarkdown
        components={{
          a: ({ href = "", children }) =>
            href.startsWith("/") ? (
              <Link href={href}>{children}</Link>
            ) : (
              <a href={href} rel="noopener noreferrer">
                {children}
              </a>
            ),
        }}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
