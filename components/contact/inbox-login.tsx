"use client";

import { useActionState } from "react";
import type { InboxLoginState } from "@/lib/contact/inbox-actions";
import type { Dictionary } from "@/lib/i18n/dictionary";
import styles from "./inbox.module.css";

/** The server action that checks the key (`openInbox`), passed by the page. */
export type InboxLoginAction = (previous: InboxLoginState, form: FormData) => Promise<InboxLoginState>;

/** The inbox's key: one field, and what went wrong in words (a wrong key, too many tries, no store). */
export function InboxLogin({ copy, open }: { copy: Dictionary["inbox"]; open: InboxLoginAction }) {
  const [state, action, pending] = useActionState<InboxLoginState, FormData>(open, { status: "idle" });
  const problem =
    state.status === "wrong"
      ? copy.wrong
      : state.status === "locked"
        ? copy.lockedOut
        : state.status === "unavailable"
          ? copy.unavailable
          : state.status === "notConfigured"
            ? copy.notConfigured
            : null;
  return (
    <form action={action} className={styles.login}>
      {problem && (
        <p className="notice notice--warning" role="alert">
          {problem}
        </p>
      )}
      <div className="field">
        <label htmlFor="inbox-key">{copy.secret}</label>
        <input id="inbox-key" name="key" type="password" autoComplete="current-password" required maxLength={200} />
      </div>
      <button type="submit" className="button" disabled={pending}>
        {copy.open}
      </button>
    </form>
  );
}
