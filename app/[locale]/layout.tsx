import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { BoundaryCopyProvider } from "@/components/site/boundary-copy";
import { PrefetchOnIntent } from "@/components/site/prefetch-on-intent";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { SITE } from "@/lib/content/site";
import { isLocale, LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { frameMetadata } from "@/lib/site/frame";
import { publicOrigin } from "@/lib/site/metadata";
import "../globals.css";

export const dynamicParams = false;

export function generateStaticParams() {
  return LOCALES.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: LayoutProps<"/[locale]">): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  return frameMetadata(SITE.studio, locale, publicOrigin());
}

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#14213d" };

export default async function LocaleLayout({ children, params }: LayoutProps<"/[locale]">) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  const dict = getDictionary(locale);
  return (
    <html lang={locale}>
      <body>
        <SiteHeader locale={locale} dict={dict} studio={SITE.studio} />
        <main id="main" tabIndex={-1}>
          <BoundaryCopyProvider copy={dict.boundary}>{children}</BoundaryCopyProvider>
        </main>
        <SiteFooter locale={locale} studio={SITE.studio} />
        <PrefetchOnIntent />
      </body>
    </html>
  );
}
