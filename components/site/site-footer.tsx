import type { Studio } from "@/lib/content/types";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";

type Props = { locale: Locale; studio: Pick<Studio, "name" | "tagline" | "note"> };

export function SiteFooter({ locale, studio }: Props) {
  const note = studio.note?.[locale];
  return (
    <footer className="site-footer">
      <p>
        <strong>{studio.name}</strong> · {studio.tagline[locale]}
      </p>
      {note ? <p className="muted">{note}</p> : null}
      <p className="muted">
        © {new Date().getFullYear()} {studio.name}. {getDictionary(locale).footer.rights}
      </p>
    </footer>
  );
}
