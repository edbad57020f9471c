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
  pages: {
    services: {
      title: "Servicios",
      description: "Qué hacemos, cuánto cuesta y cuánto tarda: precios de referencia en pesos colombianos.",
    },
    projects: {
      title: "Proyectos",
      description: "Casos reales de negocios pequeños del Valle de Aburrá con los que hemos trabajado.",
    },
    blog: {
      title: "Blog",
      description: "Notas del estudio sobre sitios web, tiendas en línea, automatización y el agente del Lab.",
    },
    faq: {
      title: "Preguntas frecuentes",
      description: "Tiempos, pagos, dominios, mantenimiento y lo que más nos preguntan, con respuestas concretas.",
    },
    lab: {
      title: "Lab",
      description: "Herramientas de IA del estudio que trabajan sobre el contenido de este sitio, a la vista.",
    },
    quote: {
      title: "Calculadora de cotización",
      description: "Elija un servicio y sus extras, y vea al instante el rango de precio y de semanas.",
    },
    contact: {
      title: "Contacto",
      description: "Escríbanos por el formulario o por WhatsApp; respondemos en un día hábil.",
    },
  },
  common: {
    from: "Desde",
    weeks: "Tiempo de entrega",
    price: "Precio de referencia",
    readMore: "Leer más",
    seeAll: "Ver todos",
    backTo: "Volver a",
  },
  services: {
    lead: "Cada servicio tiene un rango de precio y de tiempo publicado. Los extras se suman; la calculadora hace la cuenta por usted.",
    includes: "Qué incluye",
    idealFor: "Para quién es",
    extras: "Extras opcionales",
    extrasLead: "Se suman al precio y, algunos, al tiempo de entrega.",
    addsWeeks: "suma",
    noWeeks: "sin tiempo adicional",
    openCalculator: "Cotizar este servicio",
    projectsUsing: "Proyectos con este servicio",
  },
  projects: {
    lead: "Negocios pequeños, problemas concretos, resultados que se pueden contar.",
    servicesUsed: "Servicios",
    results: "Resultados",
  },
  blog: {
    lead: "Lo que aprendemos construyendo sitios y automatizaciones para negocios pequeños.",
    published: "Publicado el",
  },
  faq: {
    lead: "Si su pregunta no está aquí, escríbanos.",
    askUs: "Hacer otra pregunta",
  },
  lab: {
    lead: "Experimentos con IA que trabajan solo sobre el contenido de este sitio. Usted ve cada paso; nada se inventa.",
    open: "Abrir",
    inProgress: "En desarrollo: aún no está abierto al público.",
    quota: "Las tres herramientas comparten una cuota diaria pequeña, para que el Lab se mantenga gratuito.",
  },
  quote: {
    service: "Servicio",
    chooseService: "Elija un servicio",
    extras: "Extras",
    noExtras: "Este servicio no tiene extras.",
    result: "Su estimado",
    priceRange: "Rango de precio",
    timeline: "Tiempo de entrega",
    breakdown: "Detalle",
    base: "Base",
    disclaimer:
      "Es un rango de referencia, no una oferta: la cotización final llega después de una llamada corta sin costo.",
    pickFirst: "Elija un servicio para ver el rango de precio y de semanas.",
    unknownService: "El enlace pide un servicio que no existe: «{id}». Elija uno de la lista.",
    unknownExtra: "El enlace pide un extra que este servicio no tiene: «{id}». Lo quitamos de la selección.",
    talk: "Hablemos de su proyecto",
    share: "El enlace de esta página guarda su selección.",
  },
  contact: {
    lead: "Cuéntenos qué necesita. Le respondemos en un día hábil, con preguntas concretas o con una propuesta.",
    name: "Nombre",
    email: "Correo electrónico",
    message: "Mensaje",
    messageHint: "Qué hace su negocio y qué quiere lograr. Entre 10 y 2.000 caracteres.",
    honeypot: "No llene este campo",
    send: "Enviar mensaje",
    sending: "Enviando…",
    sent: "¡Gracias! Recibimos su mensaje y le responderemos en un día hábil.",
    failed: "No pudimos guardar su mensaje. Intente de nuevo en unos minutos o escríbanos por WhatsApp.",
    fixErrors: "Revise los campos marcados.",
    errors: {
      nameRequired: "Escriba su nombre.",
      nameTooLong: "El nombre es demasiado largo (máximo 100 caracteres).",
      emailInvalid: "Escriba un correo válido, por ejemplo nombre@dominio.com.",
      messageTooShort: "Cuéntenos un poco más (mínimo 10 caracteres).",
      messageTooLong: "El mensaje es demasiado largo (máximo 2.000 caracteres).",
    },
    other: "Otras formas de contacto",
    whatsapp: "Escribir por WhatsApp",
    hours: "Horario",
  },
  footer: {
    tagline: "Estudio web y de automatización. Medellín, Colombia.",
    fictional: "Taller Norte es un estudio ficticio: el contenido de demostración de este sitio.",
    rights: "Todos los derechos reservados.",
  },
};

export type Dictionary = typeof es;
