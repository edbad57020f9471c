"use client";

import { createContext, type ReactNode, useContext } from "react";
import type { Dictionary } from "@/lib/i18n/dictionary";

export type BoundaryCopy = Dictionary["boundary"];

// The not-found and error views are client components inside the locale layout: the layout hands
// them their few strings, so no dictionary ships to the browser and any language works.
const BoundaryCopyContext = createContext<BoundaryCopy | null>(null);

export function BoundaryCopyProvider({ copy, children }: { copy: BoundaryCopy; children: ReactNode }) {
  return <BoundaryCopyContext.Provider value={copy}>{children}</BoundaryCopyContext.Provider>;
}

export function useBoundaryCopy(): BoundaryCopy {
  const copy = useContext(BoundaryCopyContext);
  if (!copy) throw new Error("useBoundaryCopy: render inside the locale layout");
  return copy;
}
