"use client";

import { type RefObject, useEffect, useRef, useState } from "react";

const INTENT_EVENTS = ["pointerenter", "focusin", "touchstart"] as const;

/**
 * A Lab console's engine (the AI SDK, most of its JavaScript) is wanted when the visitor reaches
 * for the console (a pointer, focus or touch in it), not with the page: evaluated at load it was a
 * phone's longest task on the Lab pages. These are loading hints, not interactions. `want()` asks
 * for it outright (a send that came first).
 */
export function useEngineOnIntent<T extends HTMLElement>(): {
  ref: RefObject<T | null>;
  wanted: boolean;
  want: () => void;
} {
  const ref = useRef<T>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || wanted) return;
    const want = () => setWanted(true);
    for (const type of INTENT_EVENTS) node.addEventListener(type, want, { passive: true });
    return () => {
      for (const type of INTENT_EVENTS) node.removeEventListener(type, want);
    };
  }, [wanted]);
  return { ref, wanted, want: () => setWanted(true) };
}
