import type { LanguageSupplement } from "../types";

/** Spanish beyond CLDR and the libraries: "MM" for millions in finance, halves and quarters, what a goal says around its need. */
export const es: LanguageSupplement = {
  scales: { MM: 1e6, "mill.": 1e6 },
  of: ["de"],
  fractions: { medio: 1 / 2, media: 1 / 2, cuarto: 1 / 4, cuartos: 1 / 4 },
  stopWords: ["favor", "gracias", "hola", "necesitamos", "necesito", "quiero", "quisiera", "queremos"],
  weakWords: [
    "costo",
    "costos",
    "cuesta",
    "cuestan",
    "demora",
    "precio",
    "precios",
    "tarda",
    "tardan",
    "tiempo",
    "valor",
    "vale",
  ],
  genericWords: [
    "sitio",
    "sitios",
    "web",
    "pagina",
    "paginas",
    "linea",
    "online",
    "plan",
    "servicio",
    "sistema",
    "extra",
  ],
};
