import Link from "next/link";
import { fill } from "../copy";
import { safeLink } from "../links";
import { failureOf, parseRefusal, Refusal } from "./refusal";
import { pendingStatus, ToolCard, type ToolViewProps } from "./tool-card";

/** search_site: the query, then the matching pages as links with their snippets. */
export function SearchSiteView({ part, view }: ToolViewProps<"search_site">) {
  const labels = view.copy.tools.search_site;
  const card = { tool: "search_site", input: part.input, view };
  switch (part.state) {
    case "input-streaming":
    case "input-available":
      return (
        <ToolCard
          {...card}
          title={view.active ? labels.active : labels.name}
          status={pendingStatus(part.state, view.active)}
        />
      );
    case "output-available": {
      const failure = failureOf(part.output);
      if (failure || !part.output.ok) {
        return (
          <ToolCard {...card} title={labels.name} status="refused">
            <Refusal failure={failure ?? { error: "failed", detail: "" }} view={view} />
          </ToolCard>
        );
      }
      const { results } = part.output;
      return (
        <ToolCard {...card} title={labels.done} status="done">
          {results.length ? (
            <>
              <p className="agent-tool__summary">{fill(view.copy.results.matches, { count: results.length })}</p>
              <ul className="agent-matches">
                {results.map((result) => {
                  const link = safeLink(result.path);
                  return (
                    <li key={result.path}>
                      {link?.kind === "site" ? <Link href={link.href}>{result.title}</Link> : result.title}
                      {result.snippet ? <span className="agent-matches__snippet">{result.snippet}</span> : null}
                    </li>
                  );
                })}
              </ul>
            </>
          ) : (
            <p className="agent-tool__summary">{view.copy.results.noMatches}</p>
          )}
        </ToolCard>
      );
    }
    case "output-error":
      return (
        <ToolCard {...card} title={labels.name} status="refused">
          <Refusal failure={parseRefusal(part.errorText)} view={view} />
        </ToolCard>
      );
    default:
      return null;
  }
}
