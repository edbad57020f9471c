/** Every error a route answers, with its HTTP status: one table, one JSON shape. */
const STATUS = {
  invalid_json: 400,
  invalid_body: 400,
  body_too_large: 400,
  invalid_run_id: 400,
  run_not_kept: 404,
  forbidden_origin: 403,
  unsupported_media_type: 415,
  quota_exceeded: 429,
  quota_unavailable: 503,
  model_unavailable: 503,
  records_unavailable: 503,
} as const;

export type ApiErrorCode = keyof typeof STATUS;

export function apiError(
  code: ApiErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return Response.json(
    { error: { code, message, ...extra } },
    { status: STATUS[code], headers: { "Cache-Control": "no-store", ...headers } },
  );
}

export const MAX_BODY_BYTES = 8 * 1024;

/**
 * Reads a JSON body of at most `maxBytes`, stopping as soon as it is over (a huge body costs no
 * more than the limit). Returns the parsed value or the error response to send.
 */
export async function readJsonBody(
  request: Request,
  maxBytes = MAX_BODY_BYTES,
): Promise<{ value: unknown } | Response> {
  const tooLarge = () => apiError("body_too_large", `The request body must be at most ${maxBytes} bytes.`);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return tooLarge();
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return { value: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) };
  } catch {
    return apiError("invalid_json", "The request body must be valid JSON.");
  }
}
