// @studio demo mx us
import { describe, expect, it } from "vitest";
import { loadStudio } from "@/lib/content/load";
import { estimateQuote } from "@/lib/quote/estimate";
import { STUDIO } from "@/tests/support/studio";

// The calculator shows a quote's lines (the service's range, each extra's price) above its total:
// for every service of the studio's content and every choice of its extras, the total is the sum
// of those lines, each line the price the studio publishes. A total rounded to a step sat under
// lines that added up to something else (read from the content itself, not the generated pricing).
const SOURCE = await loadStudio(STUDIO.content);

/** Every subset of `items`, the empty one included. */
function subsets<T>(items: readonly T[]): T[][] {
  const all: T[][] = [[]];
  for (const item of items) all.push(...all.map((subset) => [...subset, item]));
  return all;
}

describe.each(SOURCE.services.map((service) => [service.id, service] as const))("%s's quotes", (_, service) => {
  it.each(subsets(service.extras).map((extras) => [extras.map((e) => e.id).join(", ") || "(no extras)", extras]))(
    "with %s add up to their lines",
    (_label, extras) => {
      const quote = estimateQuote({ serviceId: service.id, extraIds: extras.map((extra) => extra.id) });
      expect(quote.lines.map((line) => line.price)).toEqual([
        service.price,
        ...extras.map((extra) => ({ min: extra.price, max: extra.price })),
      ]);
      expect(quote.price).toEqual({
        min: quote.lines.reduce((sum, line) => sum + line.price.min, 0),
        max: quote.lines.reduce((sum, line) => sum + line.price.max, 0),
      });
    },
  );
});
