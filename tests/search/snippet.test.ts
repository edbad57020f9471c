import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/config";
import { SNIPPET_LENGTH, snippetOf } from "@/lib/search/snippet";

// Guards where a snippet is cut: at a space in spaced text, and after a clause's mark ("、", "。")
// in a text written without spaces, never inside a word when a mark is near.

const ja = "ja" as string as Locale;
const text =
  "独自ドメインのネットショップです。商品ページ、カート、クレジットカード決済、地域別の送料、注文ごとに更新される在庫管理を備えています。".repeat(
    3,
  );

describe("snippetOf", () => {
  it("cuts a Japanese text after a clause's mark, within its length", () => {
    const snippet = snippetOf(text, ja, new Map([["ネット", 1]]));
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
    // Cut where a clause ends ("…決済、" shown as "…決済…"), not inside "クレジットカード".
    const body = snippet.replace(/…$/, "");
    expect(text.startsWith(body)).toBe(true);
    expect(["、", "。"]).toContain(text.charAt(body.length));
  });

  it("cuts spaced text at a space", () => {
    const english = "An online store under your domain with product pages, cart and card payments. ".repeat(4);
    expect(snippetOf(english, "en" as string as Locale, new Map([["store", 1]]))).toMatch(/[a-z]…$/);
  });
});
