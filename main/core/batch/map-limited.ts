/** Maps `items` with at most `limit` calls of `map` in flight; results in the order of `items`. */
export async function mapLimited<T, U>(
  items: readonly T[],
  limit: number,
  map: (item: T) => Promise<U>,
): Promise<U[]> {
  const results: U[] = new Array<U>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await map(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
