// Relative imports only: next.config.ts reaches this file for its rewrites and redirects.
import { SETTINGS } from "../../content/generated/settings";
import { type SitePaths, sitePaths } from "./sections";

/** The studio's paths (its languages' section names, from the generated settings). */
export const paths: SitePaths = sitePaths(SETTINGS.sectionPaths);
