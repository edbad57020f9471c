import type { MetadataRoute } from "next";
import { headers } from "next/headers";
import { publicOrigin } from "@/lib/site/metadata";

export default async function robots(): Promise<MetadataRoute.Robots> {
  const origin = publicOrigin(await headers());
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: "/api/" }],
    ...(origin ? { sitemap: `${origin}/sitemap.xml` } : {}),
  };
}
