import { formatCount } from "@/components/lab/copy";
import { AGENT_LIMITS, AGENT_RUN_UNITS, AGENT_TIMEOUT_MS } from "@/lib/agent/limits";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { plural } from "@/lib/i18n/plural";
import styles from "./agent-about.module.css";

type Props = { locale: Locale; about: Dictionary["agent"]["about"] };

/** What the agent can and cannot do, its tools and its limits: server-rendered, no JavaScript. */
export function AgentAbout({ locale, about }: Props) {
  const limits = fill(about.limitsBody, {
    modelCalls: formatCount(AGENT_LIMITS.maxSteps, locale),
    toolCalls: formatCount(AGENT_LIMITS.maxToolCalls, locale),
    tokens: formatCount(AGENT_LIMITS.tokenBudget, locale),
    seconds: plural(about.seconds, AGENT_TIMEOUT_MS / 1000, locale),
    units: formatCount(AGENT_RUN_UNITS, locale),
  });
  return (
    <aside className={styles.about} aria-labelledby="agent-about-title">
      <h2 id="agent-about-title">{about.title}</h2>
      <h3>{about.can}</h3>
      <ul>
        {about.canItems.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <h3>{about.cannot}</h3>
      <ul>
        {about.cannotItems.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <h3>{about.tools}</h3>
      <ul className="agent-about__tools">
        {Object.entries(about.toolItems).map(([name, description]) => (
          <li key={name}>
            <code>{name}</code> {description}
          </li>
        ))}
      </ul>
      <h3>{about.limits}</h3>
      <p>{limits}</p>
      <h3>{about.model}</h3>
      <p>{about.modelBody}</p>
    </aside>
  );
}
