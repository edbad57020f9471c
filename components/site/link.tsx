import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * The site's internal links: Next's `<Link>` without its prefetch of every link in view. A page
 * here shows 10 to 25 links, and prefetching each one's payload as it scrolls into view was most
 * of a phone's main-thread work on load (Lighthouse: the home's blocking time 2.4x a bare Next
 * page's, 1.1x without). `PrefetchOnIntent` prefetches a link when the visitor reaches for it.
 */
export function Link(props: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={false} {...props} />;
}
