"use client";

import { useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { type LeadContext, readLeadContext, type ServiceNames, summaryLines } from "@/lib/contact/lead-context";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import type { SelectionProblem } from "@/lib/quote/selection";

export type CarriedContext = { context: LeadContext | null; problems: SelectionProblem[]; summary: string };

/**
 * The context the link carried (`?from=agent&service=…&extras=…&goal=…`), read in the browser so
 * the contact page stays prerendered: unknown ids dropped and reported, the summary in words.
 */
export function useLeadContext(locale: Locale, copy: Dictionary["contact"], services: ServiceNames[]): CarriedContext {
  const query = useSearchParams();
  return useMemo(() => {
    const value = (name: string) => query.get(name) ?? undefined;
    const { context, problems } = readLeadContext({
      from: value("from"),
      service: value("service"),
      extras: value("extras"),
      goal: value("goal"),
      run: value("run"),
    });
    const summary = context ? summaryLines(context, services, copy.summaryWords, locale).join("\n") : "";
    return { context, problems, summary };
  }, [query, copy, services, locale]);
}
