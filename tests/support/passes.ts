import type { EventPass, StreamEvent } from "@/lib/ai/event-stream";

/** What `pass` sends on for `events` (its `end` included), and what it threw, if it did. */
export function through(pass: EventPass, events: StreamEvent[]): { out: StreamEvent[]; error: unknown } {
  const out: StreamEvent[] = [];
  try {
    for (const event of events) pass.event(event, (sent) => out.push(sent));
    pass.end?.((sent) => out.push(sent));
  } catch (error) {
    return { out, error };
  }
  return { out, error: null };
}
