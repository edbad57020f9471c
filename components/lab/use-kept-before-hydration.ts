"use client";

import { type RefObject, useEffect } from "react";

/**
 * What the visitor put in a field before the page's script ran (a slow phone shows the form
 * seconds before it hydrates): React hydrates a controlled field at its state, empty, and the
 * first render after that would write the empty state back over the text. Handed to `keep` once,
 * at hydration, so the state starts from what the field holds.
 */
export function useKeptBeforeHydration(
  ref: RefObject<HTMLTextAreaElement | HTMLSelectElement | null>,
  keep: (value: string) => void,
): void {
  useEffect(() => {
    const value = ref.current?.value;
    if (value) keep(value);
  }, [ref, keep]);
}
