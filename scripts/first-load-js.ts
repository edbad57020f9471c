// The JavaScript a page makes a browser download before any interaction: the module scripts its
// HTML names. `<script noModule>` (Next's legacy polyfills, ~39 KiB gzip) is left out: browsers
// that run modules, every one Next supports, never fetch it.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** `/_next/static/…js` sources of the page's script tags, in order, without `noModule` ones. */
export function firstLoadScripts(html: string): string[] {
  const sources = [...html.matchAll(/<script\b([^>]*)>/gi)]
    .map((match) => match[1] ?? "")
    .filter((attributes) => !/\bnomodule\b/i.test(attributes))
    .map((attributes) => /\bsrc="(\/_next\/static\/[^"]+\.js)"/.exec(attributes)?.[1])
    .filter((src): src is string => Boolean(src));
  return [...new Set(sources)];
}

/** The prerendered page's HTML in the last `next build` (`.next/server/app/<page>.html`). */
export function builtPageHtml(page: string): string {
  const file = path.join(root, ".next", "server", "app", `${page.replace(/^\//, "")}.html`);
  if (!existsSync(file)) throw new Error(`no prerendered ${file}: run \`npm run build:worker\` first`);
  return readFileSync(file, "utf8");
}

/** Gzip KiB of a prerendered page's first-load JavaScript, from the build output alone. */
export function firstLoadJsKiB(page: string): { scripts: number; gzipKiB: number } {
  const scripts = firstLoadScripts(builtPageHtml(page));
  const bytes = scripts.reduce(
    // The HTML names `[locale]` folders URL-encoded (`%5Blocale%5D`); on disk they are not.
    (sum, src) =>
      sum + gzipSync(readFileSync(path.join(root, ".next", decodeURIComponent(src.replace(/^\/_next\//, ""))))).length,
    0,
  );
  return { scripts: scripts.length, gzipKiB: bytes / 1024 };
}
