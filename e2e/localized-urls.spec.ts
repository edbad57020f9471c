import { expect, test } from "@playwright/test";

// Guards "English URLs are English" on both runtimes: a post has its own slug per locale, the
// language switch and hreflang lead to its counterpart, and another locale's slug redirects (308).

const ES = "/es/blog/como-funciona-el-agente-del-lab";
const EN = "/en/blog/how-the-lab-agent-works";

test("the language switch and hreflang go to the post's counterpart", async ({ page }) => {
  await page.goto(EN);
  await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", new RegExp(`${ES}$`));
  await page.getByTestId("language-switch").click();
  await expect(page).toHaveURL(new RegExp(`${ES}$`));
  await page.getByTestId("language-switch").click();
  await expect(page).toHaveURL(new RegExp(`${EN}$`));
});

test("an English link with the Spanish slug redirects to the English one", async ({ page }) => {
  const response = await page.request.get("/en/blog/como-funciona-el-agente-del-lab", { maxRedirects: 0 });
  expect(response.status()).toBe(308);
  expect(new URL(response.headers().location ?? "", "http://x").pathname).toBe(EN);
});

test("Spanish section paths read in Spanish, and the old English ones redirect (308) to them", async ({ page }) => {
  const old = await page.request.get("/es/services/online-store?x=1", { maxRedirects: 0 });
  expect(old.status()).toBe(308);
  expect(old.headers().location).toMatch(/\/es\/servicios\/tienda-en-linea\?x=1$/);
  const served = await page.goto("/es/servicios/tienda-en-linea");
  expect(served?.status()).toBe(200);
  await expect(page.getByTestId("service-price")).toBeVisible();
  const quote = await page.request.get("/es/quote", { maxRedirects: 0 });
  expect(quote.headers().location).toMatch(/\/es\/cotizacion$/);
});

test("a language the site doesn't have goes to its default language", async ({ page }) => {
  const response = await page.request.get("/fr/blog", { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers().location).toMatch(/\/es\/blog$/);
});
