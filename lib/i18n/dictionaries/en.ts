import type { Dictionary } from "./es";

export const en: Dictionary = {
  meta: {
    title: "Taller Norte · Websites and automation in Medellín",
    description:
      "Taller Norte builds websites, online stores and automations for small businesses in Medellín. Try our Lab: an agent that puts together your quote with the studio's real prices.",
  },
  nav: {
    label: "Main navigation",
    home: "Home",
    services: "Services",
    projects: "Projects",
    lab: "Lab",
    blog: "Blog",
    faq: "FAQ",
    quote: "Quote",
    contact: "Contact",
    skip: "Skip to content",
    language: "Language",
    switchTo: "Leer en español",
  },
  home: {
    eyebrow: "Web and automation studio · Medellín",
    title: "Websites and automations that work for your business",
    lead: "We are a small studio: the person who quotes your project is the person who builds it. We make fast websites, online stores and WhatsApp automations for bakeries, clinics, workshops and neighbourhood shops.",
    sections: {
      services: {
        title: "Services",
        body: "Landing pages, websites with a blog, online stores, booking systems, WhatsApp automation and maintenance plans. Every service has a published reference price in pesos and a delivery time in weeks, with no fine print.",
      },
      projects: {
        title: "Projects",
        body: "We work with real businesses around the Aburrá Valley: a bakery that now takes orders on the web, a clinic that stopped confirming appointments by hand, a hardware store that sells from a catalogue.",
      },
      lab: {
        title: "Lab",
        body: "An AI agent that reads this site and answers with facts: tell it what you need, and it finds the service, works out the price range with the same formula as our quote calculator, and suggests your next step. You watch every step as it happens.",
      },
      blog: {
        title: "Blog",
        body: "Short notes on what we learn: what it really costs to keep a site running, when an online store pays off, and how the Lab agent works on the inside.",
      },
      faq: {
        title: "FAQ",
        body: "How long does a site take? Who owns the domain? What if I need changes later? We answer what we are asked most, with numbers.",
      },
      quote: {
        title: "Get a quote",
        body: "Pick a service, tick the extras you need and see the price range and the weeks at once. The link keeps your choice, so you can share it with your partner.",
      },
      contact: {
        title: "Contact",
        body: "Write to us with what you have in mind and we reply within one working day. On WhatsApp too, if you prefer.",
      },
    },
  },
  footer: {
    tagline: "Web and automation studio. Medellín, Colombia.",
    fictional: "Taller Norte is a fictional studio: this site's demo content.",
    rights: "All rights reserved.",
  },
};
