/**
 * A language's data as the checks read it, derived by `npm run knowledge` (build.ts) from CLDR
 * through `Intl`, from n2words and stopwords-iso, and from the shipped language's own file under
 * shipped/ for what neither knows. Every word is folded (`foldWord`): lower case in its language,
 * combining marks removed, its own letters kept ("größe", "œuvre").
 */
export type LanguageData = {
  /** The BCP 47 tag it was derived with ("de-DE"). */
  tag: string;
  /** Words that multiply the figure before them: CLDR's compact notation, long and short ("millionen", "mio.", "mi", "k"), and spelled-out scales ("tausend", "mila"). */
  scales: Record<string, number>;
  /** Scale words of one or two letters as CLDR writes them ("M", "K", "mi"): spaced from a figure with no currency, only these read as scales ("5 m" is a length). */
  shortScales: string[];
  /** Spelled-out numbers below a thousand, without spaces or hyphens ("einundzwanzig", "quatrevingtdix", "cento"); a value of 100 multiplies what comes before ("deux cents"). */
  numbers: Record<string, number>;
  /** Words that join the parts of a spelled number ("y", "e", "et", "and"). */
  and: string[];
  /** Words between an amount and what it counts or its currency ("de", "di", "of"). */
  of: string[];
  /** Articles before a fraction or a scale ("a" of "half a million"). */
  articles: string[];
  /** Fractions said with a word ("medio", "halbe", "demi"). */
  fractions: Record<string, number>;
  /** How the language writes "percent" after a figure ("prozent", "por ciento"). */
  percent: string[];
  /** Every currency's names in the language, singular and plural, and their head nouns ("dollar", "franken"): the ISO code, or "" when the word names several. */
  currencies: Record<string, string>;
  /** Function words: they say nothing about what a text is about. */
  stopWords: string[];
  /** Price and time words: a goal nearly always has them; they weigh little in search. */
  weakWords: string[];
  /** Words of a service's kind every studio's services share ("site", "plan"). */
  genericWords: string[];
};

/** The studio's languages' data, and every currency's symbols as its locale tags write them. */
export type LanguageDataSet = {
  languages: Record<string, LanguageData>;
  /** Currency symbols with letters or signs ("US$", "R$", "CHF", "zł", "₹"): the ISO code, or "" when several currencies write it. */
  symbols: Record<string, string>;
  /** The currencies the studio's languages name with one word (USD, EUR, GBP, JPY, CHF…): their codes are read in any case. */
  codes: string[];
};

/** What a shipped language adds to what CLDR and the libraries know: colloquial and conversational words. */
export type LanguageSupplement = {
  scales?: Record<string, number>;
  and?: string[];
  of?: string[];
  articles?: string[];
  fractions?: Record<string, number>;
  /** The `stopword` package's list for the language (ISO 639-3: "deu"); others take stopwords-iso's, by ISO 639-1. */
  stopwordList?: string;
  /** Greetings and "I want" phrasing the maintained list lacks. */
  stopWords?: string[];
  weakWords?: string[];
  genericWords?: string[];
};
