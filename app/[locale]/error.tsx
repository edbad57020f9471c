"use client";

import { useParams } from "next/navigation";
import { useEffect } from "react";
import { BOUNDARY_COPY } from "@/lib/i18n/boundary-copy";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/config";

// Renders inside the locale layout, so the navigation stays; `reset` renders the page again.
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { locale: param } = useParams<{ locale: string }>();
  const locale = isLocale(param) ? param : DEFAULT_LOCALE;
  const copy = BOUNDARY_COPY[locale].error;
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section className="boundary" role="alert">
      <h1>{copy.title}</h1>
      <p>{copy.body}</p>
      {error.digest ? <p className="muted">ref: {error.digest}</p> : null}
      <button type="button" className="button" onClick={reset}>
        {copy.retry}
      </button>
    </section>
  );
}
