"use client";

import { useEffect, useState } from "react";
import type { ModelLabel, ModelLabels } from "@/lib/lab/model-labels";
import type { LabUseKind } from "@/lib/lab-uses";

/**
 * The model that answers `use` here, read from `GET /api/lab/models` (the routes' own model table)
 * once the page is in the browser, so the page itself stays static. Null until known, or when it
 * can't be read.
 */
export function useModelLabel(use: LabUseKind): ModelLabel | null {
  const [label, setLabel] = useState<ModelLabel | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/lab/models", { signal: controller.signal, cache: "no-store" })
      .then(async (response) => (response.ok ? ((await response.json()) as ModelLabels)[use] : null))
      .then(
        (known) => setLabel(known ?? null),
        () => {},
      );
    return () => controller.abort();
  }, [use]);
  return label;
}
