"use client";

import { useEffect, useState } from "react";
import type { UnitsLeft as UnitsLeftData } from "@/lib/api/units-left";
import styles from "./lab.module.css";

type Copy = { left: string; leftUnknown: string };

/**
 * The visitor's units left today, read from `GET /api/lab/units` (which takes none) once the page
 * is in the browser: the Lab index itself stays a static page.
 */
export function UnitsLeft({ copy }: { copy: Copy }) {
  const [state, setState] = useState<UnitsLeftData | "error" | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/lab/units", { signal: controller.signal, cache: "no-store" })
      .then(async (response) => (response.ok ? ((await response.json()) as UnitsLeftData) : "error"))
      .then(setState, () => {
        if (!controller.signal.aborted) setState("error");
      });
    return () => controller.abort();
  }, []);
  if (state === null) return <p className={styles.units} aria-hidden="true" />;
  return (
    <p className={styles.units} data-testid="lab-units-left" role="status">
      {state === "error"
        ? copy.leftUnknown
        : copy.left.replace("{left}", String(state.remaining)).replace("{limit}", String(state.limit))}
    </p>
  );
}
