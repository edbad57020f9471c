import type { LanguageSupplement } from "../types";

/** English beyond CLDR and the libraries: "grand", "bn", the "and" of "one hundred and twenty", halves and quarters. */
export const en: LanguageSupplement = {
  scales: { grand: 1e3, bn: 1e9, MM: 1e6 },
  and: ["and"],
  of: ["of"],
  articles: ["a", "an"],
  fractions: { half: 1 / 2, quarter: 1 / 4, quarters: 1 / 4 },
  stopwordList: "eng",
  // Greetings, "I want/need" phrasing and question words: every goal says them ("how much", "how long").
  stopWords: (
    "about after all also am an and any are as at be been but by can could do does doing for from get " +
    "got had has have hello hi how if in into is it its just let like long many me more most much my " +
    "need needs no not of on or our please should so some than that the their them then there these " +
    "they this those to too up us very want wants was we were what when where which who whom why will " +
    "with would you your " +
    "approximately approx roughly around " +
    "help helps helping"
  ).split(" "),
  weakWords: ["cost", "costs", "price", "prices", "take", "takes", "time"],
  genericWords: ["site", "sites", "website", "web", "page", "pages", "online", "plan", "service", "system", "extra"],
};
