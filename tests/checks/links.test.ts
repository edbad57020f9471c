import { describe, expect, it } from "vitest";
import { safeLink } from "@/lib/checks/links";

// The one link policy: the page renders with it alone; the route adds the site's pages and the
// WhatsApp URLs the tools returned.

const WHATSAPP = "https://wa.me/573005550123?text=Hola";
const route = { sitePaths: (path: string) => path === "/es/quote", allowedUrls: [WHATSAPP] };

describe("safeLink", () => {
  it("on the page: any site path and any wa.me chat", () => {
    expect(safeLink("/es/anything?x=1#y")).toEqual({ kind: "site", href: "/es/anything?x=1#y" });
    expect(safeLink("https://wa.me/1")).toEqual({ kind: "whatsapp", href: "https://wa.me/1" });
    expect(safeLink("https://tallernorte.com/es/quote")).toBeNull();
  });

  it("on the route: only the site's pages (from any host) and the tools' own wa.me URLs", () => {
    expect(safeLink("/es/anything", route)).toBeNull();
    expect(safeLink("/es/quote?service=x", route)).toEqual({ kind: "site", href: "/es/quote?service=x" });
    expect(safeLink("https://tallernorte.com/es/quote#a", route)).toEqual({ kind: "site", href: "/es/quote#a" });
    expect(safeLink(WHATSAPP, route)?.kind).toBe("whatsapp");
    expect(safeLink("https://wa.me/573009999999", route)).toBeNull();
    expect(safeLink("ftp://tallernorte.com/es/quote", route)).toBeNull();
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,hi",
    "java\tscript:alert(1)",
    "//evil.example/es/quote",
    "/\\evil.example/es/quote",
    "http://wa.me/1",
    "https://user@wa.me/1",
    "https://wa.me:8443/1",
    "https://wa.me.evil.example/1",
    // The host is wa.me exactly, not one that merely ends in it.
    "https://evilwa.me/1",
    "https://api.wa.me/1",
    "es/quote",
    "#top",
    "",
  ])("never: %s", (href) => {
    expect(safeLink(href)).toBeNull();
    expect(safeLink(href, { ...route, allowedUrls: [href] })).toBeNull();
  });
});
