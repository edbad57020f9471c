import { negotiateLocale } from "@/lib/i18n/negotiate";

export const dynamic = "force-dynamic";

/** `/` sends the visitor to the locale their browser prefers. */
export function GET(request: Request): Response {
  const locale = negotiateLocale(request.headers.get("accept-language"));
  return new Response(null, {
    status: 307,
    headers: {
      Location: `/${locale}`,
      Vary: "Accept-Language",
      "Cache-Control": "private, no-store",
    },
  });
}
