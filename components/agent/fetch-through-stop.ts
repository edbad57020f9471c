/**
 * `fetch` for a run that may be stopped before its response starts. The route charges the run
 * before it answers, and the answer's headers say how many units are left (`X-Quota-Remaining`):
 * a Stop that comes first lets the headers arrive (waiting at most `graceMs`), then cancels the
 * body. The caller reads the headers and sees `init.signal.aborted`.
 */
export async function fetchThroughStop(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  { graceMs = 3000, fetchImpl = fetch }: { graceMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<Response> {
  const stop = init?.signal;
  const request = new AbortController();
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onStop = () => {
    if (started) request.abort(stop?.reason);
    else timer = setTimeout(() => request.abort(stop?.reason), graceMs);
  };
  if (stop?.aborted) onStop();
  else stop?.addEventListener("abort", onStop, { once: true });
  try {
    const response = await fetchImpl(input, { ...init, signal: request.signal });
    started = true;
    if (stop?.aborted) request.abort(stop.reason);
    return response;
  } finally {
    clearTimeout(timer);
  }
}
