"use client";

import { usePathname } from "next/navigation";
import { Link } from "@/components/site/link";

/** `folder`: the page folder's own path (`/es/services`), which the router may report for `href` (`/es/servicios`). */
type Props = { items: { href: string; folder: string; label: string }[] };

/** The main navigation; the page the visitor is on says so (`aria-current`), and so does its section. */
export function NavLinks({ items }: Props) {
  const pathname = usePathname();
  return (
    <ul className="nav-list">
      {items.map(({ href, folder, label }) => {
        const here = (path: string) =>
          pathname === path ? "page" : pathname.startsWith(`${path}/`) ? "true" : undefined;
        const current = here(href) ?? here(folder);
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
