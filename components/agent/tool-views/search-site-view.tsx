import { Link } from "@/components/site/link";
import { safeLink } from "@/lib/checks/links";
import { plural } from "@/lib/i18n/plural";
import { ToolCard, type ToolViewProps } from "./tool-card";
import { ToolStateCard } from "./tool-state-card";
import styles from "./tool-views.module.css";

/** search_site: the query, then the matching pages as links with their snippets. */
export function SearchSiteView({ part, view }: ToolViewProps<"search_site">) {
  const labels = view.copy.tools.search_site;
  const card = { tool: "search_site", input: part.input, view };
  if (part.state !== "output-available" || !part.output.ok) {
    return <ToolStateCard tool="search_site" part={part} view={view} />;
  }
  const { results } = part.output;
  return (
    <ToolCard {...card} title={labels.done} status="done">
      {results.length ? (
        <>
          <p className={styles.summary}>{plural(view.copy.results.matches, results.length, view.locale)}</p>
          <ul className={styles.matches}>
            {results.map((result) => {
              const link = safeLink(result.path);
              return (
                <li key={result.path}>
                  {link?.kind === "site" ? <Link href={link.href}>{result.title}</Link> : result.title}
                  {result.snippet ? <span className={styles.snippet}>{result.snippet}</span> : null}
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p className={styles.summary}>{view.copy.results.noMatches}</p>
      )}
    </ToolCard>
  );
}
