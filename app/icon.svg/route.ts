import { SITE } from "@/lib/content/site";

// Prerendered at build time: the studio's icon from content/icon.svg, served by both runtimes.
export const dynamic = "force-static";

export function GET(): Response {
  return new Response(SITE.studio.icon, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
