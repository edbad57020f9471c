"use client";

import { useActionState } from "react";
import { sendContact } from "@/app/[locale]/contact/actions";
import type { ContactField, ContactState } from "@/app/[locale]/contact/schema";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";

type Props = { locale: Locale; copy: Dictionary["contact"] };

export function ContactForm({ locale, copy }: Props) {
  const [state, action, pending] = useActionState<ContactState, FormData>(sendContact, { status: "idle" });
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
  const field = (name: ContactField) => ({
    id: `contact-${name}`,
    name,
    defaultValue: invalid?.values[name] ?? "",
    "aria-invalid": error(name) ? true : undefined,
    "aria-describedby": error(name) ? `contact-${name}-error` : undefined,
  });
  return (
    <form action={action} className="contact-form" noValidate>
      <input type="hidden" name="locale" value={locale} />
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
        {error("name") && (
          <p className="field__error" id="contact-name-error">
            {error("name")}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="contact-email">{copy.email}</label>
        <input {...field("email")} type="email" autoComplete="email" required maxLength={200} />
        {error("email") && (
          <p className="field__error" id="contact-email-error">
            {error("email")}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="contact-message">{copy.message}</label>
        <p className="field__hint" id="contact-message-hint">
          {copy.messageHint}
        </p>
        <textarea {...field("message")} rows={6} required maxLength={2000} />
        {error("message") && (
          <p className="field__error" id="contact-message-error">
            {error("message")}
          </p>
        )}
      </div>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="contact-website">{copy.honeypot}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="button" disabled={pending}>
        {pending ? copy.sending : copy.send}
      </button>
    </form>
  );
}
