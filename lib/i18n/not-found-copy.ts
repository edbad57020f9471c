import type { Locale } from "./config";

// Kept apart from the dictionaries: the not-found view is a client component that Next ships
// with every page of its segment, so it carries only these few strings.
export const NOT_FOUND_COPY: Record<Locale, { title: string; body: string; back: string }> = {
  es: {
    title: "No encontramos esta página",
    body: "Puede que el enlace esté mal escrito o que la página ya no exista.",
    back: "Volver al inicio",
  },
  en: {
    title: "We couldn't find this page",
    body: "The link may be mistyped, or the page may no longer exist.",
    back: "Back to home",
  },
};
