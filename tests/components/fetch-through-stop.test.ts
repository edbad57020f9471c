import { describe, expect, it } from "vitest";
import { fetchThroughStop } from "@/components/agent/fetch-through-stop";

// Guards the units left after Stop right after Run: the run was charged before the route
// answered, so the page waits for the answer's headers before it cancels the request.

/** A server that answers after `delayMs`, and records whether the request was cancelled. */
function slowServer(delayMs: number) {
  const seen: { signal?: AbortSignal } = {};
  const fetchImpl = ((_input: RequestInfo | URL, init?: RequestInit) => {
    seen.signal = init?.signal ?? undefined;
    return new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(
        () => resolve(new Response("stream", { headers: { "X-Quota-Remaining": "16" } })),
        delayMs,
      );
      init?.signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(new DOMException("aborted", "AbortError"));
      });
    });
  }) as typeof fetch;
  return { fetchImpl, seen };
}

describe("fetchThroughStop", () => {
  it("lets the headers of a stopped run arrive, then cancels the request", async () => {
    const { fetchImpl, seen } = slowServer(30);
    const stop = new AbortController();
    const pending = fetchThroughStop("/api/agent", { method: "POST", signal: stop.signal }, { fetchImpl });
    stop.abort();
    const response = await pending;
    expect(response.headers.get("X-Quota-Remaining")).toBe("16");
    expect(seen.signal?.aborted).toBe(true);
  });

  it("gives up on headers that don't come within the grace period", async () => {
    const { fetchImpl, seen } = slowServer(10_000);
    const stop = new AbortController();
    stop.abort();
    const started = Date.now();
    await expect(fetchThroughStop("/api/agent", { signal: stop.signal }, { fetchImpl, graceMs: 20 })).rejects.toThrow(
      "aborted",
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(seen.signal?.aborted).toBe(true);
  });

  it("cancels at once a run stopped after its response started", async () => {
    const { fetchImpl, seen } = slowServer(0);
    const stop = new AbortController();
    const response = await fetchThroughStop("/api/agent", { signal: stop.signal }, { fetchImpl });
    expect(seen.signal?.aborted).toBe(false);
    stop.abort();
    expect(seen.signal?.aborted).toBe(true);
    expect(response.ok).toBe(true);
  });
});
