/** One line of the benchmark table: a subject measured against a baseline in the same run. */
export interface BenchRow {
  name: string;
  /** What the baseline is, in a few words. */
  baseline: string;
  unit: string;
  value: number;
  baselineValue: number;
  /** value / baselineValue, or the inverse when higher is better; `target` says which. */
  ratio: number;
  /** e.g. `≤ 1.10` or `≥ 0.5`. */
  target: string;
  pass: boolean;
  /** Extra figures worth keeping (sample counts, peak RSS growth…). */
  details?: Record<string, number | string>;
}

/** The middle value, or the mean of the two middle ones; NaN when there are none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** A figure for the table: `digits` decimals. */
export const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

/** The value at fraction `p` (0.95: the 95th percentile) of the sorted values; 0 when there are none. */
export const percentile = (values: readonly number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
