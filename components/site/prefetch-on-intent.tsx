"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

const INTENT_EVENTS = ["pointerover", "touchstart", "focusin"] as const;

/**
 * Prefetches a link to another page of the site when the visitor reaches for it (a mouse over it,
 * a finger or the keyboard on it), as Next's `<Link>` does on hover, but for every link from one
 * listener on the document: the site's links don't prefetch on sight (`components/site/link.tsx`).
 */
export function PrefetchOnIntent() {
  const router = useRouter();
  useEffect(() => {
    const asked = new Set<string>();
    const reach = (event: Event) => {
      if (event instanceof PointerEvent && event.pointerType !== "mouse") return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || link.target) return;
      const href = `${link.pathname}${link.search}`;
      if (href === `${window.location.pathname}${window.location.search}` || asked.has(href)) return;
      asked.add(href);
      router.prefetch(href);
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, reach, { passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, reach);
    };
  }, [router]);
  return null;
}
