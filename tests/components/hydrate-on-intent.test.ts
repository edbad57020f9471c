import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

// React warns ("called use() to suspend in a previous render but did not call use() when it
// finished") on every Lab page when the console's gate calls `use()` only while it hydrates.
const calls = vi.hoisted(() => ({ use: 0 }));
vi.mock("react", async (importOriginal) => {
  const react = await importOriginal<typeof import("react")>();
  return {
    ...react,
    use: ((value: Parameters<typeof react.use>[0]) => {
      calls.use++;
      return react.use(value);
    }) as typeof react.use,
  };
});

const { HydrateOnIntent } = await import("@/components/lab/hydrate-on-intent");

describe("HydrateOnIntent", () => {
  it("renders the console's HTML on the server, calling use() there too (never conditionally)", () => {
    const html = renderToStaticMarkup(createElement(HydrateOnIntent, null, createElement("p", null, "console")));
    expect(html).toBe('<div data-hydrate-on-intent=""><p>console</p></div>');
    expect(calls.use).toBe(1);
  });
});
