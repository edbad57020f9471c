import type { Dictionary } from "@/lib/i18n/dictionary";

/** A verdict in the studio's words; one a record made up reads as it was written (as text). */
export function verdictLabel(reason: string, copy: Dictionary["labView"]): string {
  return Object.hasOwn(copy.verdicts, reason) ? copy.verdicts[reason as keyof typeof copy.verdicts] : reason;
}

export function kindLabel(kind: string, copy: Dictionary["labView"]): string {
  return Object.hasOwn(copy.kinds, kind) ? copy.kinds[kind as keyof typeof copy.kinds] : kind;
}
