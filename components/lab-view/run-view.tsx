import { Link } from "@/components/site/link";
import { PageHeader } from "@/components/site/page-header";
import { isLocale, type Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { localeTag } from "@/lib/i18n/format";
import { doneSchema } from "@/lib/lab-view/checked-message";
import { factsOf } from "@/lib/lab-view/facts";
import { formatDay, formatTime } from "@/lib/lab-view/format";
import { studioPaths } from "@/lib/lab-view/paths";
import { refusedCalls } from "@/lib/lab-view/refused";
import type { StudioRun } from "@/lib/lab-view/studio-run";
import { AgentReplay } from "./agent-replay";
import { ChatThread } from "./chat-thread";
import styles from "./lab-view.module.css";
import { ReviewReplay } from "./review-replay";
import { RunFacts } from "./run-facts";
import { RunLead } from "./run-lead";
import { StudioNav } from "./studio-nav";
import { kindLabel } from "./verdict";

type Props = { run: StudioRun; locale: Locale; copy: Dictionary["labView"] };

/** A use's page: the visitor's words, what they saw (the Lab's own views), what they didn't, the lead. */
export function RunView({ run, locale, copy }: Props) {
  const { record, parts } = run;
  const r = copy.run;
  // What the visitor saw is in their language; a language the site no longer has reads in the studio's.
  const visitor = isLocale(record.locale) ? record.locale : locale;
  const done = doneSchema.safeParse(record.done).data ?? null;
  const words = record.kind === "agent" ? record.input.goal : record.kind === "chat" ? record.input.question : "";
  return (
    <>
      <p>
        <Link href={studioPaths.uses(locale, record.day)}>{fill(r.back, { day: formatDay(record.day, locale) })}</Link>
      </p>
      <PageHeader title={fill(r.title, { kind: kindLabel(record.kind, copy), time: formatTime(record.at, locale) })} />
      <StudioNav locale={locale} copy={copy} current={null} day={record.day} />
      {record.stopped ? <p className="notice">{r.stopped}</p> : null}
      {record.trimmed ? <p className="notice notice--warning">{r.trimmed}</p> : null}
      {record.kind !== "review" ? (
        <section aria-labelledby="lab-words-title">
          <h2 id="lab-words-title">{record.kind === "agent" ? r.goal : r.question}</h2>
          <p className={styles.words} lang={localeTag(visitor)} data-testid="lab-run-words">
            {words}
          </p>
        </section>
      ) : null}
      <section
        aria-labelledby="lab-seen-title"
        className={styles.replay}
        lang={localeTag(visitor)}
        data-testid="lab-replay"
      >
        <h2 id="lab-seen-title">{r.seen}</h2>
        {record.kind === "agent" ? (
          <AgentReplay parts={parts} stopped={record.stopped} locale={visitor} />
        ) : record.kind === "chat" ? (
          <ChatThread
            turns={run.thread.map((turn) => ({ ...turn, current: turn.id === record.id }))}
            visitorLocale={visitor}
            studioLocale={locale}
          />
        ) : (
          <ReviewReplay parts={parts} code={record.input.code} locale={visitor} />
        )}
      </section>
      <RunFacts
        done={done}
        outcome={factsOf(record).reason}
        durationMs={record.durationMs}
        visitorLocale={record.locale}
        refused={refusedCalls(parts)}
        locale={locale}
        copy={copy}
      />
      <RunLead lead={run.lead} locale={locale} copy={copy} />
    </>
  );
}
