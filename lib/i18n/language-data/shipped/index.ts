// The shipped languages' own data: one file a language, read only by `npm run knowledge` (build.ts),
// so a studio's Worker carries only its languages' derived data.
import type { LanguageSupplement } from "../types";
import { de } from "./de";
import { en } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { it } from "./it";
import { pt } from "./pt";

export const SHIPPED: Readonly<Record<string, LanguageSupplement>> = { de, en, es, fr, it, pt };
