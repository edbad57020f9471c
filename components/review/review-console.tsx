"use client";

import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import type { LabCopy } from "@/components/lab/copy";
import { formatCount } from "@/components/lab/copy";
import { type LabChat, LabChatEngine, type PrepareRequest } from "@/components/lab/lab-chat";
import { problemFromError, problemMessage } from "@/components/lab/run-problems";
import { useEngineOnIntent } from "@/components/lab/use-engine-on-intent";
import { useHydrated } from "@/components/lab/use-hydrated";
import { useKeptBeforeHydration } from "@/components/lab/use-kept-before-hydration";
import { useModelLabel } from "@/components/lab/use-model-label";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { LAB_USES } from "@/lib/lab-uses";
import { REVIEW_LANGUAGES, REVIEW_LIMITS, type ReviewLanguage } from "@/lib/review/limits";
import type { ReviewUIMessage } from "@/lib/review/output";
import { CodeView } from "./code-view";
import { FindingsList } from "./findings-list";
import styles from "./review-console.module.css";

export type ReviewCopy = Dictionary["reviewer"];

type Props = { locale: Locale; copy: ReviewCopy; shared: LabCopy };

/** The reviewer: paste code, pick or detect its language, watch a structured review arrive. */
export function ReviewConsole({ locale, copy, shared }: Props) {
  const [code, setCode] = useState("");
  const [language, setLanguage] = useState<ReviewLanguage | "">("");
  // The code as it was sent: the findings' lines point into it, even if the box is edited after.
  const [reviewed, setReviewed] = useState("");
  const sent = useRef({ code: "", language: "" as ReviewLanguage | "" });
  // What was typed or picked before the page's script ran stays (the language if it is one of ours).
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const languageRef = useRef<HTMLSelectElement>(null);
  const keepLanguage = useCallback((value: string) => {
    const known = REVIEW_LANGUAGES.find((l) => l === value);
    if (known) setLanguage(known);
  }, []);
  useKeptBeforeHydration(codeRef, setCode);
  useKeptBeforeHydration(languageRef, keepLanguage);
  const prepare = useCallback<PrepareRequest<ReviewUIMessage>>(
    () => ({
      body: { code: sent.current.code, locale, ...(sent.current.language ? { language: sent.current.language } : {}) },
    }),
    [locale],
  );
  // Null until the engine has loaded (when the visitor reaches for the console); a review asked
  // for first waits for it (`queued`).
  const engine = useEngineOnIntent<HTMLDivElement>();
  // Which reviewer answers here (the offline one's fixed rules, or a model), from the routes' table,
  // asked with the engine: when the visitor reaches for the console, not at load.
  const offline = useModelLabel("review", engine.wanted)?.kind === "offline";
  const hydrated = useHydrated();
  const [chat, setChat] = useState<LabChat<ReviewUIMessage> | null>(null);
  const [queued, setQueued] = useState(false);
  const busy = queued || chat?.status === "submitted" || chat?.status === "streaming";
  const info = chat?.info ?? null;

  // When a review ends, focus goes to its summary (Review was disabled while it streamed, so focus
  // had nowhere to be); never away from a control the visitor chose in the meantime.
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const runRef = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy === wasBusy.current) return;
    wasBusy.current = busy;
    if (busy) return;
    const active = document.activeElement;
    if (!active || active === document.body || active === runRef.current) summaryRef.current?.focus();
  }, [busy]);

  const message = chat?.messages.findLast((m) => m.role === "assistant");
  const review = message?.parts.find((part) => part.type === "data-review")?.data;
  const done = message?.parts.find((part) => part.type === "data-done")?.data;
  const problem = chat?.error ? problemFromError(chat.error) : null;
  const tooLong = code.length > REVIEW_LIMITS.maxCodeChars;
  const note = done ? copy.reasons[done.reason] : "";

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim() || tooLong || busy) return;
    sent.current = { code, language };
    setReviewed(code);
    if (chat) send(chat);
    else {
      engine.want();
      setQueued(true);
    }
  }

  function send(to: LabChat<ReviewUIMessage>) {
    to.setMessages([]);
    to.clearError();
    void to.sendMessage({ text: sent.current.code });
  }

  useEffect(() => {
    if (!chat || !queued) return;
    setQueued(false);
    send(chat);
  });

  return (
    <div className={styles.layout} ref={engine.ref}>
      {engine.wanted ? (
        <LabChatEngine<ReviewUIMessage> api="/api/review" prepareSendMessagesRequest={prepare} onChange={setChat} />
      ) : null}
      <form className={styles.form} onSubmit={onSubmit}>
        <p className="muted">{copy.notice}</p>
        <label htmlFor="review-code">{copy.code}</label>
        <textarea
          ref={codeRef}
          id="review-code"
          className={styles.code}
          value={code}
          rows={14}
          spellCheck={false}
          onChange={(event) => setCode(event.target.value)}
          aria-describedby="review-counter"
        />
        <p id="review-counter" className={tooLong ? styles.over : "muted"} data-testid="review-counter">
          {tooLong
            ? fill(copy.tooLong, { max: formatCount(REVIEW_LIMITS.maxCodeChars, locale) })
            : fill(copy.counter, {
                count: formatCount(code.length, locale),
                max: formatCount(REVIEW_LIMITS.maxCodeChars, locale),
              })}
        </p>
        <div className={styles.row}>
          <label htmlFor="review-language">{copy.language}</label>
          <select
            ref={languageRef}
            id="review-language"
            value={language}
            onChange={(event) => setLanguage(event.target.value as ReviewLanguage | "")}
          >
            <option value="">{copy.detect}</option>
            {REVIEW_LANGUAGES.filter((l) => l !== "other").map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
          {busy ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => (chat ? void chat.stop() : setQueued(false))}
            >
              {copy.stop}
            </button>
          ) : null}
          <button
            ref={runRef}
            type="submit"
            className="button"
            disabled={!hydrated || busy || !code.trim() || tooLong}
            data-testid="review-run"
          >
            {copy.review}
          </button>
        </div>
        {/* Below the controls: it appears as the visitor reaches for the form, and moves nothing they aim at. */}
        {offline ? (
          <p className="notice" data-testid="review-offline-note">
            {copy.offlineNote}
          </p>
        ) : null}
      </form>

      <section className={styles.result} aria-live="polite" aria-busy={busy} data-testid="review-result">
        {problem ? (
          <div className="notice notice--warning" role="alert" data-testid="review-notice" data-problem={problem.kind}>
            {problemMessage(problem, shared, locale)}
          </div>
        ) : null}
        {busy && !review ? <p className="muted">{copy.pending}</p> : null}
        {review ? (
          <>
            <h2 ref={summaryRef} tabIndex={-1}>
              {copy.summary}
            </h2>
            <p data-testid="review-summary" dir="auto">
              {review.summary}
            </p>
            <FindingsList review={review} copy={copy} />
            <CodeView code={reviewed} findings={review.findings} copy={copy} />
          </>
        ) : null}
        {note ? (
          <p className={styles.over} data-testid="review-reason">
            {note}
          </p>
        ) : null}
        {done ? (
          <p className="muted" data-testid="review-model" data-reason={done.reason}>
            {copy.reviewedBy}:{" "}
            {done.model === LAB_USES.review.offlineModel ? copy.offlineModel : <code>{done.model}</code>}
            {info?.remaining !== null && info?.remaining !== undefined
              ? ` · ${fill(shared.meter.unitsLeft, {})}: ${info.remaining}`
              : null}
          </p>
        ) : null}
      </section>
    </div>
  );
}
