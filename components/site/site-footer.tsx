import type { Dictionary } from "@/lib/i18n/dictionary";

export function SiteFooter({ dict }: { dict: Dictionary }) {
  return (
    <footer className="site-footer">
      <p>
        <strong>Taller Norte</strong> · {dict.footer.tagline}
      </p>
      <p className="muted">{dict.footer.fictional}</p>
      <p className="muted">
        © {new Date().getFullYear()} Taller Norte. {dict.footer.rights}
      </p>
    </footer>
  );
}
