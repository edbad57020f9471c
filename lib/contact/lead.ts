import type { LeadContext, LeadEstimate } from "./lead-context";

/** One contact message as it is kept and sent to the studio. */
export type Lead = {
  id: string;
  name: string;
  email: string;
  /** Empty when the visitor left no number. */
  phone: string;
  message: string;
  /** The Lab's summary as the visitor left it (prefilled from the link, editable). */
  summary: string;
  locale: string;
  receivedAt: string;
  /** Ids and goal from the link, checked; null when the visitor came straight to the form. */
  context: LeadContext | null;
  /** Recomputed on the server from `context`'s ids with `estimateQuote`, never read from the visitor. */
  estimate: LeadEstimate | null;
};

/** Whether the studio has been told: `unsent` until a send succeeds, retried until then. */
export type Delivery = { state: "unsent" | "sent"; attempts: number; sentAt?: string; lastError?: string };

export type StoredLead = { lead: Lead; delivery: Delivery };
