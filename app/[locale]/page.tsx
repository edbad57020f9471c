import { isLocale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { NAV_ITEMS } from "@/lib/site/nav";

export default async function HomePage({ params }: PageProps<"/[locale]">) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  const { home } = getDictionary(locale);
  return (
    <>
      <section className="hero">
        <p className="eyebrow">{home.eyebrow}</p>
        <h1>{home.title}</h1>
        <p className="lead">{home.lead}</p>
      </section>
      <div className="home-sections">
        {NAV_ITEMS.map((item) => (
          <section key={item} id={item} className="home-section" aria-labelledby={`${item}-title`}>
            <h2 id={`${item}-title`}>{home.sections[item].title}</h2>
            <p>{home.sections[item].body}</p>
          </section>
        ))}
      </div>
    </>
  );
}
