import { Absent, isAbsent } from './Value';
import { useFormat } from './format-context';

/** An amount with its currency, formatted for the reader's language; "—" when absent. */
export function Money({ amount, currency }: { amount: number | null | undefined; currency?: string | null }) {
  const format = useFormat();
  if (isAbsent(amount)) return <Absent />;
  return (
    <span data-amount={amount} data-currency={currency ?? undefined}>
      {format.money(amount, currency ?? undefined)}
    </span>
  );
}
