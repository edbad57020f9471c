import { buildCatalog } from "@/lib/content/build";
import { loadStudio } from "@/lib/content/load";
import type { CatalogData } from "@/lib/content/types";

/** Goals by language, each as a visitor wrote it, with the service that must fit it or null (none). */
export type FitTable = Record<string, readonly (readonly [goal: string, serviceId: string | null])[]>;

/** A studio's catalog as `npm run knowledge` builds it, read from its content folder (not from content/). */
export async function catalogOf(contentDir: string): Promise<Record<string, CatalogData[keyof CatalogData]>> {
  return buildCatalog(await loadStudio(contentDir)) as Record<string, CatalogData[keyof CatalogData]>;
}

/** Goals a whole run must read: in `locale`'s page, price `serviceId` (null: none) and say `alsoId`. */
export type RunTable = readonly { locale: string; goal: string; serviceId: string | null; alsoId?: string }[];
