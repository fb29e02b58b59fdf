/**
 * Which columns a table shows (pure; unit-tested in Node): the table's defaults until the user
 * chooses, then the choice kept in the preferences (TableColumnsChoice). The columns that name a
 * row (`always`) are shown whatever was stored: without them a row could not be told apart.
 */
export interface TableColumnsSpec<C extends string> {
  /** Every column, in the table's order. */
  all: readonly C[];
  /** Shown until the user chooses: what fits at 1280 × 800. */
  defaults: readonly C[];
  /** Never hidden. */
  always: readonly C[];
}

/** The columns shown, in the table's order: the stored choice (names this version lacks dropped), else the defaults. */
export function shownColumns<C extends string>(
  spec: TableColumnsSpec<C>,
  chosen: readonly string[] | undefined,
): C[] {
  const wanted = new Set<string>(chosen ?? spec.defaults);
  for (const column of spec.always) wanted.add(column);
  return spec.all.filter((column) => wanted.has(column));
}

/** The choice after the user shows or hides `column`; an `always` column stays. */
export function toggleColumn<C extends string>(
  spec: TableColumnsSpec<C>,
  shown: readonly C[],
  column: C,
  show: boolean,
): C[] {
  const next = new Set<C>(shown);
  if (show) next.add(column);
  else if (!spec.always.includes(column)) next.delete(column);
  return spec.all.filter((name) => next.has(name));
}
