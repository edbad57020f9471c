import { BudgetMeter } from "@/components/agent/budget-meter";
import type { ViewContext } from "@/components/agent/copy";
import { readRun } from "@/components/agent/read-run";
import { RunAnswer } from "@/components/agent/run-answer";
import { RunTimeline } from "@/components/agent/run-timeline";
import { serviceNames } from "@/components/agent/service-names";
import type { AgentUIMessage } from "@/lib/agent/types";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { CheckedMarkdown } from "./checked-markdown";

type Props = { parts: object[]; stopped: boolean; locale: Locale };

/**
 * An agent run as its visitor saw it, with the Lab page's own views in the visitor's language:
 * the meter, the plan and each tool card, the answer with its warning and next step. Nothing
 * streams any more, so a call left half-done shows as stopped.
 */
export function AgentReplay({ parts, stopped, locale }: Props) {
  // The parts were checked against the shapes the route streams (`checkedParts`).
  const run = readRun({ id: "replay", role: "assistant", parts } as unknown as AgentUIMessage);
  const view: ViewContext = {
    copy: getDictionary(locale).agent.console,
    locale,
    names: serviceNames(locale),
    active: false,
  };
  return (
    <>
      <BudgetMeter
        budget={null}
        done={run.done}
        seen={run.seen}
        model={run.done?.model ?? null}
        unitsLeft={null}
        stopped={stopped}
        view={view}
      />
      <RunTimeline steps={run.steps} started view={view} />
      <RunAnswer run={run} view={view} Markdown={CheckedMarkdown} />
    </>
  );
}
