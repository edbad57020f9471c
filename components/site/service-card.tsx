import { Link } from "@/components/site/link";
import type { Service } from "@/lib/content/types";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { formatDuration } from "@/lib/i18n/duration";
import { formatMoney } from "@/lib/i18n/format";
import { paths } from "@/lib/site/paths";

type Props = {
  service: Service;
  locale: Locale;
  dict: Dictionary;
  /** The card's heading sits one level below the section that lists it. */
  level: 2 | 3;
};

export function ServiceCard({ service, locale, dict, level }: Props) {
  const text = service.text[locale];
  const Heading = level === 2 ? "h2" : "h3";
  // "From {price}", "{price}から": the language puts the word before or after the figure.
  const [before = "", after = ""] = dict.common.from.split("{price}");
  return (
    <article className="card">
      <Heading>
        <Link href={paths.service(locale, text.slug)}>{text.name}</Link>
      </Heading>
      <p>{text.summary}</p>
      <p className="card__facts">
        <span>
          {before}
          <strong>{formatMoney(service.price.min, locale)}</strong>
          {after}
        </span>
        <span>{formatDuration(service, locale)}</span>
      </p>
    </article>
  );
}
