// @studio demo
import { describe, expect, it } from "vitest";
import { isSitePath } from "@/lib/checks/site-paths";

// The answer check keeps a link only when it points at a page of this site.
describe("isSitePath", () => {
  it.each([
    "/es",
    "/en/services",
    "/es/servicios/tienda-en-linea",
    "/en/quote?service=landing-page&extras=bilingual",
    "/es/preguntas#lab-agent",
    "/en/blog/how-the-lab-agent-works",
    "/es/lab/agente",
    "/en/contact/",
  ])("knows %s", (path) => {
    expect(isSitePath(path)).toBe(true);
  });

  it.each(["/es/servicios/teleport", "/fr", "/es/admin", "//evil.example/es", "https://evil.example/es", "es/quote"])(
    "refuses %s",
    (path) => {
      expect(isSitePath(path)).toBe(false);
    },
  );
});
