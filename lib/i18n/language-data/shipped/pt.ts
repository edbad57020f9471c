import type { LanguageSupplement } from "../types";

/** Portuguese beyond CLDR and the libraries: halves, what a goal says around its need. */
export const pt: LanguageSupplement = {
  of: ["de"],
  fractions: { meio: 1 / 2, meia: 1 / 2, quarto: 1 / 4, quartos: 1 / 4 },
  stopwordList: "por",
  stopWords: [
    "aproximadamente",
    "aprox",
    "cerca",
    "ajuda",
    "ajudar",
    "ajude",
    "olá",
    "ola",
    "obrigado",
    "obrigada",
    "quero",
    "queremos",
    "preciso",
    "precisamos",
    "gostaria",
  ],
  weakWords: ["custo", "custos", "custa", "custam", "preço", "preços", "prazo", "demora", "tempo", "valor"],
  genericWords: ["site", "sites", "web", "página", "páginas", "online", "plano", "serviço", "sistema", "extra"],
};
