"use client";

import { useParams } from "next/navigation";
import { useBoundaryCopy } from "@/components/site/boundary-copy";
import { Link } from "@/components/site/link";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/config";

// not-found.tsx receives no params; the locale comes from the URL.
export default function NotFound() {
  const { locale: param } = useParams<{ locale: string }>();
  const locale = isLocale(param) ? param : DEFAULT_LOCALE;
  const copy = useBoundaryCopy().notFound;
  return (
    <section className="boundary">
      {/* Its own title, not the home page's the layout would give it (React puts it in <head>). */}
      <title>{copy.title}</title>
      <h1>{copy.title}</h1>
      <p>{copy.body}</p>
      <Link href={`/${locale}`}>{copy.back}</Link>
    </section>
  );
}
