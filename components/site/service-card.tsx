import Link from "next/link";
import type { Service } from "@/lib/content/types";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { formatMoney, formatWeeks } from "@/lib/i18n/format";
import { paths } from "@/lib/site/paths";

export function ServiceCard({ service, locale, dict }: { service: Service; locale: Locale; dict: Dictionary }) {
  const text = service.text[locale];
  return (
    <article className="card">
      <h3>
        <Link href={paths.service(locale, text.slug)}>{text.name}</Link>
      </h3>
      <p>{text.summary}</p>
      <p className="card__facts">
        <span>
          {dict.common.from} <strong>{formatMoney(service.price.min, locale)}</strong>
        </span>
        <span>{formatWeeks(service.weeks, locale)}</span>
      </p>
    </article>
  );
}
