import type { Result } from '../../shared/contract';

/** The data of an ok Result, or a failed expectation showing the error. */
export function dataOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.kind}: ${result.error.message}`);
  return result.data;
}
