import { Fragment } from "react";
import { Link } from "@/components/site/link";
import type { MoneyAmount } from "@/lib/agent/amounts";
import styles from "./amount-warning.module.css";
import type { LabCopy } from "./copy";

type Props = { amounts: MoneyAmount[]; calculatorHref: string; copy: Pick<LabCopy, "warning"> };

/** Amounts in the answer that no tool returned: the visitor checks them in the calculator first. */
export function AmountWarning({ amounts, calculatorHref, copy }: Props) {
  const raws = [...new Set(amounts.map((amount) => amount.raw))];
  const [before = "", after = ""] = copy.warning.body.split("{amounts}");
  return (
    <div className={`notice notice--warning ${styles.warning}`} data-testid="agent-amount-warning">
      <p>
        <strong>{copy.warning.title}</strong>
      </p>
      <p>
        {before}
        {raws.map((raw, index) => (
          <Fragment key={raw}>
            {index > 0 ? ", " : null}
            <strong className="agent-warning__amount">{raw}</strong>
          </Fragment>
        ))}
        {after}
      </p>
      <p>
        <Link href={calculatorHref}>{copy.warning.link}</Link>
      </p>
    </div>
  );
}
