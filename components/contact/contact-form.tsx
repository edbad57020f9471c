"use client";

import { type ReactNode, Suspense, useActionState, useEffect, useState } from "react";
import type { ServiceNames } from "@/lib/contact/lead-context";
import type { ContactField, ContactState } from "@/lib/contact/schema";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { paths } from "@/lib/site/paths";
import styles from "./contact-form.module.css";
import { type CarriedContext, useLeadContext } from "./use-lead-context";

/** The server action that takes the form (`sendContact`), passed by the page. */
export type ContactAction = (previous: ContactState, form: FormData) => Promise<ContactState>;

type Props = { locale: Locale; copy: Dictionary["contact"]; services: ServiceNames[]; send: ContactAction };

/** A v4 UUID from `getRandomValues`, which (unlike `randomUUID`) also works off https. */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One key per form shown, made in the browser: the same form posted twice is one message, sent once. */
function useSubmissionKey(): string {
  const [submission, setSubmission] = useState("");
  useEffect(() => setSubmission(randomUuid()), []);
  return submission;
}

/**
 * The contact form. Prerendered without context, and it works without JavaScript; in the browser
 * it picks up what the link carried from the Lab or the calculator. Only the parts that context
 * adds wait for the address (`Suspense`): the fields a visitor types in are the prerendered ones,
 * hydrated in place, so what they typed before the page's script ran stays.
 */
export function ContactForm({ copy, locale, services, send }: Props) {
  const submission = useSubmissionKey();
  // The permalink keys the form's state by this page rather than by its place in the tree, so the
  // answer to a post without JavaScript (no "sent", no field errors otherwise) reaches the form.
  const [state, action, pending] = useActionState<ContactState, FormData>(
    send,
    { status: "idle" },
    paths.contact(locale),
  );
  if (state.status === "sent") {
    return (
      <p className="notice notice--success" role="status">
        {copy.sent}
      </p>
    );
  }
  const invalid = state.status === "invalid" ? state : null;
  const error = (field: ContactField) => {
    const key = invalid?.errors[field];
    return key ? copy.errors[key] : null;
  };
  const field = (name: ContactField, hint = false, fallback = "") => ({
    id: `contact-${name}`,
    name,
    defaultValue: invalid?.values[name] ?? fallback,
    "aria-invalid": error(name) ? true : undefined,
    "aria-describedby":
      [hint ? `contact-${name}-hint` : "", error(name) ? `contact-${name}-error` : ""].filter(Boolean).join(" ") ||
      undefined,
  });
  const fieldError = (name: ContactField) =>
    error(name) && (
      <p className="field__error" id={`contact-${name}-error`}>
        {error(name)}
      </p>
    );
  const summaryField = (carried: string) => (
    <div className="field">
      <label htmlFor="contact-summary">{copy.summary}</label>
      <p className="field__hint" id="contact-summary-hint">
        {copy.summaryHint}
      </p>
      <textarea {...field("summary", true, carried)} rows={4} maxLength={1000} />
      {fieldError("summary")}
    </div>
  );
  return (
    <form action={action} className={styles.form} noValidate>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="submission" value={submission} />
      <Suspense fallback={null}>
        <Carried locale={locale} copy={copy} services={services}>
          {({ context, problems }) => (
            <>
              {context && (
                <>
                  <input type="hidden" name="from" value={context.source} />
                  <input type="hidden" name="service" value={context.serviceId ?? ""} />
                  <input type="hidden" name="extras" value={context.extraIds.join(",")} />
                  <input type="hidden" name="goal" value={context.goal ?? ""} />
                  <input type="hidden" name="run" value={context.runId ?? ""} />
                </>
              )}
              {problems.map((problem) => (
                <p key={`${problem.code}:${problem.id}`} className="notice notice--warning" role="alert">
                  {(problem.code === "unknown_service" ? copy.unknownService : copy.unknownExtra).replace(
                    "{id}",
                    problem.id,
                  )}
                </p>
              ))}
            </>
          )}
        </Carried>
      </Suspense>
      {invalid && (
        <p className="notice notice--warning" role="alert">
          {copy.fixErrors}
        </p>
      )}
      {(state.status === "failed" || state.status === "limited") && (
        <p className="notice notice--warning" role="alert">
          {state.status === "failed" ? copy.failed : copy.limited}
        </p>
      )}
      <div className="field">
        <label htmlFor="contact-name">{copy.name}</label>
        <input {...field("name")} type="text" autoComplete="name" required maxLength={100} />
        {fieldError("name")}
      </div>
      <div className="field">
        <label htmlFor="contact-email">{copy.email}</label>
        <input {...field("email")} type="email" autoComplete="email" required maxLength={200} />
        {fieldError("email")}
      </div>
      <div className="field">
        <label htmlFor="contact-phone">{copy.phone}</label>
        <p className="field__hint" id="contact-phone-hint">
          {copy.phoneHint}
        </p>
        <input {...field("phone", true)} type="tel" autoComplete="tel" maxLength={30} />
        {fieldError("phone")}
      </div>
      <div className="field">
        <label htmlFor="contact-message">{copy.message}</label>
        <p className="field__hint" id="contact-message-hint">
          {copy.messageHint}
        </p>
        <textarea {...field("message", true)} rows={6} required maxLength={2000} />
        {fieldError("message")}
      </div>
      {/* Without JavaScript the summary shows only when the server sent it back with an error. */}
      <Suspense fallback={invalid?.errors.summary ? summaryField("") : null}>
        <Carried locale={locale} copy={copy} services={services}>
          {({ context, summary }) => (context || invalid?.errors.summary ? summaryField(summary) : null)}
        </Carried>
      </Suspense>
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor="contact-website">{copy.honeypot}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="button" disabled={pending}>
        {pending ? copy.sending : copy.send}
      </button>
    </form>
  );
}

/** What the link carried, for the parts of the form it adds (they wait for the address). */
function Carried({
  locale,
  copy,
  services,
  children,
}: Omit<Props, "send"> & { children: (carried: CarriedContext) => ReactNode }) {
  return children(useLeadContext(locale, copy, services));
}
