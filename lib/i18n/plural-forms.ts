// Imported by the dictionaries, which `npm run knowledge` loads before any settings exist: no imports.

/**
 * A text for each plural category the language uses, as CLDR names them (`Intl.PluralRules`):
 * Spanish and English write `one` and `other`, Polish adds `few` and `many`, Japanese only
 * `other`. `other` is always there, for a category a dictionary leaves out.
 */
export type Plural = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

/** Marks a dictionary entry as plural forms, so another language may name its own categories. */
export const pluralForms = (forms: Plural): Plural => forms;
