import { Link } from "@/components/site/link";
import { safeLink } from "@/lib/checks/links";
import type { AgentCopy } from "./copy";
import type { NextStep } from "./read-run";

type Props = { step: NextStep; copy: AgentCopy; className?: string; testId?: string };

/** The suggested next step: a page of the site (same tab), or the studio's WhatsApp chat; nothing else. */
export function NextStepLink({ step, copy, className, testId }: Props) {
  const link = safeLink(step.path);
  if (!link) return null;
  const label = copy.nextStep[step.kind] ?? copy.nextStep.contact;
  return link.kind === "site" ? (
    <Link className={className} href={link.href} data-testid={testId}>
      {label}
    </Link>
  ) : (
    <a className={className} href={link.href} rel="noopener noreferrer" data-testid={testId}>
      {label}
    </a>
  );
}
