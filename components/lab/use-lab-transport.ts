import { DefaultChatTransport, type HttpChatTransportInitOptions, type UIMessage } from "ai";
import { useState } from "react";
import { LabRequestError, problemOf } from "./run-problems";

/** What a Lab response's headers say before its first part: units left today, and which model answers. */
export type LabResponseInfo = { remaining: number | null; model: string | null };

/**
 * A `DefaultChatTransport` for a Lab route: a refused request becomes a typed error (429 with its
 * reset time, 503, 400) the page explains; a granted one reports the units left and the model.
 */
export function useLabTransport<M extends UIMessage>(
  api: string,
  prepareSendMessagesRequest: HttpChatTransportInitOptions<M>["prepareSendMessagesRequest"],
) {
  const [info, setInfo] = useState<LabResponseInfo | null>(null);
  const [transport] = useState(
    () =>
      new DefaultChatTransport<M>({
        api,
        prepareSendMessagesRequest,
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          if (!response.ok) throw new LabRequestError(await problemOf(response));
          const remaining = Number.parseInt(response.headers.get("X-Quota-Remaining") ?? "", 10);
          setInfo({
            remaining: Number.isFinite(remaining) ? remaining : null,
            model: response.headers.get("X-Agent-Model"),
          });
          return response;
        },
      }),
  );
  return { transport, info };
}
