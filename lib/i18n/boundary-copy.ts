import type { Locale } from "./config";

// Kept apart from the dictionaries: the not-found and error views are client components that
// Next ships with every page of their segment, so they carry only these few strings.
export const BOUNDARY_COPY: Record<
  Locale,
  { notFound: { title: string; body: string; back: string }; error: { title: string; body: string; retry: string } }
> = {
  es: {
    notFound: {
      title: "No encontramos esta página",
      body: "Puede que el enlace esté mal escrito o que la página ya no exista.",
      back: "Volver al inicio",
    },
    error: {
      title: "Algo salió mal",
      body: "Tuvimos un problema al mostrar esta página. Puede intentarlo de nuevo.",
      retry: "Intentar de nuevo",
    },
  },
  en: {
    notFound: {
      title: "We couldn't find this page",
      body: "The link may be mistyped, or the page may no longer exist.",
      back: "Back to home",
    },
    error: {
      title: "Something went wrong",
      body: "We had a problem showing this page. You can try again.",
      retry: "Try again",
    },
  },
};
