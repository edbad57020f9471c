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
