// What the build gives `ai` in place of `@ai-sdk/gateway` (next.config.ts aliases it here). `ai`
// imports Vercel's AI Gateway to resolve model ids written as strings; this site never does that
// (every model is an instance from `lib/ai/providers.ts`), yet the import alone put the gateway and
// `@vercel/oidc` (~60 KiB) into the Worker. These are the four names `ai` imports from it.

const LEFT_OUT =
  "The AI Gateway is left out of this build (next.config.ts): pass a model instance from lib/ai/providers.ts, not a model id string.";

function leftOut(): never {
  throw new Error(LEFT_OUT);
}

/** No gateway call is ever made, so no error is ever one of the gateway's. */
export class GatewayError extends Error {
  static isInstance(_error: unknown): boolean {
    return false;
  }
}

export class GatewayAuthenticationError extends GatewayError {}

type NoGateway = (() => never) & {
  specificationVersion: "v4";
  languageModel: () => never;
  embeddingModel: () => never;
  imageModel: () => never;
  transcriptionModel: () => never;
  speechModel: () => never;
  rerankingModel: () => never;
  videoModel: () => never;
};

/** The default provider `ai` falls back to for a string model id: it says why there is none. */
export const gateway: NoGateway = Object.assign(() => leftOut(), {
  specificationVersion: "v4" as const,
  languageModel: leftOut,
  embeddingModel: leftOut,
  imageModel: leftOut,
  transcriptionModel: leftOut,
  speechModel: leftOut,
  rerankingModel: leftOut,
  videoModel: leftOut,
});

export function createGateway(): NoGateway {
  return gateway;
}
