// @studio demo
// Guards the email a studio receives, on its own (whatever the form's schema let through): the
// subject and Reply-To never carry a line break, every visitor field is escaped in the HTML, and
// the Lab's part shows the range the site computed.
import { describe, expect, it } from "vitest";
import { composeLeadEmail } from "@/lib/contact/compose";
import { formatMoneyRange } from "@/lib/i18n/format";
import { estimateQuote } from "@/lib/quote/estimate";
import { locale } from "@/tests/support/studio";
import { lead } from "./lead-fixtures";

const es = locale("es");

describe("the lead's email", () => {
  it("keeps headers on one line even for a stored name with CR, LF or U+2028", () => {
    const email = composeLeadEmail(
      lead(1, { name: "Eve\r\nBcc: all@example.com\u2028X: 1", email: "eve@example.com" }),
      "https://site.example/es/inbox",
    );
    expect(email.subject).toBe("Nuevo mensaje de Eve Bcc: all@example.com X: 1");
    expect(email.replyTo).toEqual({ email: "eve@example.com", name: "Eve Bcc: all@example.com X: 1" });
  });

  it("escapes every visitor field in the HTML and keeps the text as written", () => {
    const hostile = '<script>alert("x")</script>&';
    const email = composeLeadEmail(
      lead(1, {
        name: hostile,
        phone: "+57 300",
        message: hostile,
        summary: hostile,
        context: { source: "agent", goal: hostile, extraIds: [] },
      }),
      "https://site.example/es/inbox",
    );
    expect(email.html).not.toContain("<script>");
    expect(email.html.match(/&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;&amp;/g)).toHaveLength(5);
    expect(email.text).toContain(`Mensaje:\n${hostile}`);
  });

  it("shows the service, extras and the range from the stored estimate, and the inbox's address", () => {
    const quote = estimateQuote({ serviceId: "online-store", extraIds: ["photo-session"] });
    const email = composeLeadEmail(
      lead(1, {
        context: { source: "quote", serviceId: "online-store", extraIds: ["photo-session"] },
        estimate: { ...quote, currency: quote.currency },
      }),
      "https://site.example/es/inbox",
    );
    expect(email.subject).toBe("Nuevo mensaje de Visitor 1: Tienda en línea");
    expect(email.text).toContain("Origen: La calculadora de cotización");
    expect(email.text).toContain("(photo-session)");
    expect(email.text).toContain(`Rango de referencia (calculado por el sitio): ${formatMoneyRange(quote.price, es)}`);
    expect(email.text).toContain("Todos los mensajes: https://site.example/es/inbox");
  });
});
