"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";

type Props = { label: string; hint: string; children: ReactNode };

/**
 * A box that scrolls sideways when its content (a table) is wider than the screen, and then says
 * so: a visible hint, shadows at the edges that still hide columns, and a keyboard stop (a named
 * region, `<section aria-label>`, the arrow keys scroll). While everything fits it is a plain box, no tab stop.
 */
export function ScrollRegion({ label, hint, children }: Props) {
  const ref = useRef<HTMLElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => setOverflows(node.scrollWidth > node.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="scroll-region">
      {overflows ? (
        <p className="scroll-region__hint" data-testid="scroll-hint">
          {hint}
        </p>
      ) : null}
      <section
        ref={ref}
        className="scroll-region__box"
        aria-label={label}
        tabIndex={overflows ? 0 : undefined}
        data-overflows={overflows}
        data-testid="scroll-region"
      >
        {children}
      </section>
    </div>
  );
}
