import './totals-list.css';
interface TotalsLine {
  label: string;
  /** Already formatted ('£29.99'). */
  amount: string;
  kind?: 'discount' | 'total';
}

/** Money lines of an order (subtotal, discount, delivery, total) as a description list. */
export function TotalsList({ lines }: { lines: TotalsLine[] }) {
  return (
    <dl className="totals-list">
      {lines.map((line) => (
        <div key={line.label} className={line.kind ? `totals-list__${line.kind}` : undefined}>
          <dt>{line.label}</dt>
          <dd>{line.amount}</dd>
        </div>
      ))}
    </dl>
  );
}
