import type { LanguageSupplement } from "../types";

/** Italian beyond CLDR and the libraries: halves, what a goal says around its need. */
export const it: LanguageSupplement = {
  and: ["e"],
  of: ["di"],
  fractions: { mezzo: 1 / 2, mezza: 1 / 2, quarto: 1 / 4, quarti: 1 / 4 },
  stopwordList: "ita",
  stopWords: [
    "circa",
    "approssimativamente",
    "aiuto",
    "aiutare",
    "aiutarmi",
    "aiutatemi",
    "ciao",
    "salve",
    "grazie",
    "vorrei",
    "vorremmo",
    "voglio",
    "serve",
    "bisogno",
  ],
  weakWords: ["costo", "costi", "costa", "costano", "prezzo", "prezzi", "tempo", "tempi", "durata"],
  genericWords: ["sito", "siti", "web", "pagina", "pagine", "online", "piano", "servizio", "sistema", "extra"],
};
