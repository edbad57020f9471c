import type { LanguageSupplement } from "../types";

/** French beyond CLDR and the libraries: "d’" before a vowel, halves, what a goal says around its need. */
export const fr: LanguageSupplement = {
  of: ["de", "d"],
  fractions: { demi: 1 / 2, demie: 1 / 2, quart: 1 / 4, quarts: 1 / 4 },
  stopwordList: "fra",
  stopWords: [
    "aide",
    "aider",
    "aidez",
    "bonjour",
    "merci",
    "voudrais",
    "voudrions",
    "veux",
    "besoin",
    "souhaite",
    "environ",
    "approximativement",
  ],
  weakWords: ["coût", "coûte", "coûts", "prix", "délai", "délais", "temps", "combien"],
  genericWords: ["site", "sites", "web", "page", "pages", "ligne", "online", "plan", "service", "système", "extra"],
};
