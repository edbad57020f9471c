"use client";

import { useEffect, useState } from "react";

/**
 * False in the server's HTML and at hydration, true once the page's script runs: a control that
 * needs the script (a send that would otherwise only reload the page) stays disabled until then.
 * Its own state, in the component that shows the control: a console that holds it re-renders
 * whole once the page loads.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
