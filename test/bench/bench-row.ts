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
