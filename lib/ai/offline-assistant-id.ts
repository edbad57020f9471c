/**
 * The offline assistant's model name, as answers report it. A module of its own so the chat page
 * can tell it from a real model without bundling it.
 */
export const OFFLINE_ASSISTANT_ID = "offline-assistant";
