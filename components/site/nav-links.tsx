"use client";

import { usePathname } from "next/navigation";
import { Link } from "@/components/site/link";

type Props = { items: { href: string; label: string }[] };

/** The main navigation; the page the visitor is on says so (`aria-current`), and so does its section. */
export function NavLinks({ items }: Props) {
  const pathname = usePathname();
  return (
    <ul className="nav-list">
      {items.map(({ href, label }) => {
        const current = pathname === href ? "page" : pathname.startsWith(`${href}/`) ? "true" : undefined;
        return (
          <li key={href}>
            <Link href={href} aria-current={current}>
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
