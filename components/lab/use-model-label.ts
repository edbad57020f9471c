"use client";

import { useEffect, useState } from "react";
import type { ModelLabel, ModelLabels } from "@/lib/lab/model-labels";
import type { LabUseKind } from "@/lib/lab-uses";

/**
 * The model that answers `use` here, read from `GET /api/lab/models` (the routes' own model table)
 * once `wanted` (the visitor reached for the console), so the page itself stays static and its
 * load asks nothing. Asked at load, the reviewer's note came after the scripts, 1.1-2.3 s after the
 * lead at 4x CPU, and being larger it became the page's largest paint (LCP); it also pushed the form
 * down. Null until known, or when it can't be read.
 */
export function useModelLabel(use: LabUseKind, wanted: boolean): ModelLabel | null {
  const [label, setLabel] = useState<ModelLabel | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    fetch("/api/lab/models", { signal: controller.signal, cache: "no-store" })
      .then(async (response) => (response.ok ? ((await response.json()) as ModelLabels)[use] : null))
      .then(
        (known) => setLabel(known ?? null),
        () => {},
      );
    return () => controller.abort();
  }, [use, wanted]);
  return label;
}
