import type { LanguageSupplement } from "../types";

/** Spanish beyond CLDR and the libraries: "MM" for millions in finance, halves and quarters, what a goal says around its need. */
export const es: LanguageSupplement = {
  scales: { MM: 1e6, "mill.": 1e6 },
  of: ["de"],
  fractions: { medio: 1 / 2, media: 1 / 2, cuarto: 1 / 4, cuartos: 1 / 4 },
  stopwordList: "spa",
  // Greetings, "I want/need" phrasing and question words: every goal says them ("how much", "how long").
  stopWords: (
    "al algo ante aqui bajo bien buen buena cada como con contra cual cuales cuanta cuantas cuanto " +
    "cuantos de del desde donde durante el ella ellos en entre era es esa ese eso esta estan estar " +
    "este esto favor fue gracias ha hacer han hay hola hasta hacia la las le les lo los me mas mi mis " +
    "mucho muy nada necesitamos necesito ni no nos nuestra nuestro otra otro para pero poco por " +
    "porque puede pueden que queremos quiero quisiera se segun ser si sin sobre solo son su sus " +
    "tambien te tener tengo tiene todo todos tras tu tus un una uno unos unas usted ustedes ya yo " +
    "ayuda ayudar ayudame ayudeme ayudarme ayudarnos hace " +
    "aproximadamente aprox alrededor"
  ).split(" "),
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
