export const es = {
  meta: {
    title: "Taller Norte · Sitios web y automatización en Medellín",
    description:
      "Taller Norte diseña sitios web, tiendas en línea y automatizaciones para pequeños negocios en Medellín. Pruebe nuestro Lab: un agente que arma su cotización con los precios reales del estudio.",
  },
  nav: {
    label: "Navegación principal",
    home: "Inicio",
    services: "Servicios",
    projects: "Proyectos",
    lab: "Lab",
    blog: "Blog",
    faq: "Preguntas",
    quote: "Cotizar",
    contact: "Contacto",
    skip: "Saltar al contenido",
    language: "Idioma",
    switchTo: "Read in English",
  },
  home: {
    eyebrow: "Estudio web y de automatización · Medellín",
    title: "Sitios y automatizaciones que trabajan para su negocio",
    lead: "Somos un estudio pequeño: quien le cotiza es quien construye. Hacemos sitios rápidos, tiendas en línea y automatizaciones de WhatsApp para panaderías, consultorios, talleres y tiendas de barrio.",
    sections: {
      services: {
        title: "Servicios",
        body: "Páginas de aterrizaje, sitios con blog, tiendas en línea, sistemas de reservas, automatización de WhatsApp y planes de mantenimiento. Cada servicio tiene un precio de referencia en pesos y un tiempo de entrega en semanas, publicados, sin letra pequeña.",
      },
      projects: {
        title: "Proyectos",
        body: "Trabajamos con negocios reales del Valle de Aburrá: una panadería que ahora recibe pedidos por la web, un consultorio que dejó de confirmar citas a mano, una ferretería que vende por catálogo.",
      },
      lab: {
        title: "Lab",
        body: "Un agente de IA que lee este sitio y responde con datos: usted le cuenta qué necesita, y él busca el servicio, calcula el rango de precio con la misma fórmula de nuestra calculadora y le sugiere el siguiente paso. Cada paso se ve mientras ocurre.",
      },
      blog: {
        title: "Blog",
        body: "Notas cortas sobre lo que aprendemos: cuánto cuesta de verdad mantener un sitio, cuándo conviene una tienda en línea y cómo funciona, por dentro, el agente del Lab.",
      },
      faq: {
        title: "Preguntas frecuentes",
        body: "¿Cuánto tarda un sitio? ¿Quién queda con el dominio? ¿Qué pasa si necesito cambios después? Respondemos lo que más nos preguntan, con cifras.",
      },
      quote: {
        title: "Cotizar",
        body: "Elija un servicio, marque los extras que necesita y vea el rango de precio y de semanas al instante. El enlace guarda su selección, para compartirla con su socio.",
      },
      contact: {
        title: "Contacto",
        body: "Escríbanos con lo que tiene en mente y le respondemos en un día hábil. También por WhatsApp, si lo prefiere.",
      },
    },
  },
  footer: {
    tagline: "Estudio web y de automatización. Medellín, Colombia.",
    fictional: "Taller Norte es un estudio ficticio: el contenido de demostración de este sitio.",
    rights: "Todos los derechos reservados.",
  },
};

export type Dictionary = typeof es;
