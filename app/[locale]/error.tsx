"use client";

import { useEffect } from "react";
import { useBoundaryCopy } from "@/components/site/boundary-copy";

// Renders inside the locale layout, so the navigation stays; `reset` renders the page again.
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const copy = useBoundaryCopy().error;
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
