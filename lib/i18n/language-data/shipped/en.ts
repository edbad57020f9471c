import type { LanguageSupplement } from "../types";

/** English beyond CLDR and the libraries: "grand", "bn", the "and" of "one hundred and twenty", halves and quarters. */
export const en: LanguageSupplement = {
  scales: { grand: 1e3, bn: 1e9, MM: 1e6 },
  and: ["and"],
  of: ["of"],
  articles: ["a", "an"],
  fractions: { half: 1 / 2, quarter: 1 / 4, quarters: 1 / 4 },
  stopWords: ["hello", "hi", "please", "need", "needs", "want", "wants"],
  weakWords: ["cost", "costs", "price", "prices", "take", "takes", "time"],
  genericWords: ["site", "sites", "website", "web", "page", "pages", "online", "plan", "service", "system", "extra"],
};
