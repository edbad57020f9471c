"use client";

import { Suspense } from "react";
import type { ServiceNames } from "@/lib/contact/lead-context";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { useLeadContext } from "./use-lead-context";

type Props = {
  locale: Locale;
  copy: Dictionary["contact"];
  services: ServiceNames[];
  /** The studio's number, digits only, and its greeting in this locale. */
  number: string;
  greeting: string;
};

const link = (number: string, text: string) => `https://wa.me/${number}?text=${encodeURIComponent(text)}`;

/** The WhatsApp button: the studio's greeting, plus the summary the link carried when there is one. */
export function ContactWhatsapp(props: Props) {
  const plain = (
    <a className="button button--whatsapp" href={link(props.number, props.greeting)} rel="noopener noreferrer">
      {props.copy.whatsapp}
    </a>
  );
  return (
    <Suspense fallback={plain}>
      <WhatsappWithContext {...props} />
    </Suspense>
  );
}

function WhatsappWithContext({ locale, copy, services, number, greeting }: Props) {
  const { summary } = useLeadContext(locale, copy, services);
  return (
    <a
      className="button button--whatsapp"
      href={link(number, summary ? `${greeting}\n${summary}` : greeting)}
      rel="noopener noreferrer"
    >
      {copy.whatsapp}
    </a>
  );
}
