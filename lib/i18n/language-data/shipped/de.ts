import type { LanguageSupplement } from "../types";

/** German beyond CLDR and the libraries: "Tsd." written without notation, halves, what a goal says around its need. */
export const de: LanguageSupplement = {
  scales: { tsd: 1e3, "tsd.": 1e3, mio: 1e6, mrd: 1e9 },
  fractions: { halb: 1 / 2, halbe: 1 / 2, halben: 1 / 2, viertel: 1 / 4 },
  stopwordList: "deu",
  stopWords: [
    "hilfe",
    "helfen",
    "helft",
    "hallo",
    "bitte",
    "danke",
    "möchte",
    "möchten",
    "brauche",
    "brauchen",
    "suche",
    "suchen",
  ],
  weakWords: ["kosten", "kostet", "preis", "preise", "dauer", "dauert", "zeit"],
  genericWords: [
    "seite",
    "seiten",
    "website",
    "webseite",
    "web",
    "online",
    "plan",
    "service",
    "dienst",
    "system",
    "extra",
  ],
};
