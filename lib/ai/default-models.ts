// The model each hosted provider is asked for when its setting names none. It imports nothing: the
// model table, the neuron rates and the scripts (plain tsx, no server build) all read it.

/** Workers AI's model for every Lab use unless `AGENT_MODEL` names another: Gemma 4. */
export const DEFAULT_AGENT_MODEL = "@cf/google/gemma-4-26b-a4b-it";
/** Claude for the chat when `ANTHROPIC_API_KEY` is set and `ANTHROPIC_MODEL` is not. */
export const DEFAULT_ANTHROPIC_MODEL = "claude-haiku-4-5";
/** The model asked of an OpenAI-compatible server when `OPENAI_COMPATIBLE_MODEL` is not set. */
export const DEFAULT_OPENAI_COMPATIBLE_MODEL = "gemma3";
