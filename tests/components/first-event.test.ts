import { describe, expect, it } from "vitest";
import { onFirstEvent } from "@/components/lab/first-event";

// The one listener behind "when the visitor first reaches for it" (a console hydrating, the Lab's
// records notice asking for its days): once, at the first event it accepts, and never after a stop.
describe("onFirstEvent", () => {
  it("calls once, at the first of its events, and stops listening", () => {
    const target = new EventTarget();
    let calls = 0;
    onFirstEvent(target, ["focusin", "keydown"], () => calls++);
    target.dispatchEvent(new Event("pointerdown"));
    expect(calls).toBe(0);
    target.dispatchEvent(new Event("keydown"));
    target.dispatchEvent(new Event("focusin"));
    expect(calls).toBe(1);
  });

  it("waits past the events it doesn't accept", () => {
    const target = new EventTarget();
    let calls = 0;
    let seen = 0;
    onFirstEvent(
      target,
      ["keydown"],
      () => calls++,
      () => ++seen > 1,
    );
    target.dispatchEvent(new Event("keydown"));
    expect(calls).toBe(0);
    target.dispatchEvent(new Event("keydown"));
    target.dispatchEvent(new Event("keydown"));
    expect(calls).toBe(1);
  });

  it("calls nothing once stopped", () => {
    const target = new EventTarget();
    let calls = 0;
    const stop = onFirstEvent(target, ["keydown"], () => calls++);
    stop();
    target.dispatchEvent(new Event("keydown"));
    expect(calls).toBe(0);
  });
});
