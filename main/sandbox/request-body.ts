/**
 * Where every JSON request body of the service endpoints enters the sandbox (deposit and refund
 * creation, both cashout calls). It runs after authentication has checked the signature over the
 * exact bytes (D1, D3), so reading a body here never changes what was signed.
 */

type BodyReading =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; problem: 'empty' | 'malformed' | 'not_an_object' };

/**
 * How deep fields are read as absent when null. The spec's deepest request field is three levels
 * down (`payer.address.street`); a few more levels cost nothing, and a bound keeps a hostile body
 * nested thousands of levels deep from exhausting the stack. Deeper values are in no field the
 * spec knows, so the body rules ignore them anyway.
 */
const NULL_FIELD_DEPTH = 8;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * D17: a field sent as JSON null is a field not sent (the family's PHP client sends every unset
 * field as null), in nested objects too. Array elements are values, not fields, and stay as
 * they are. `Object.fromEntries` makes a `__proto__` key an own field, never the prototype.
 */
export function nullFieldsAsAbsent(
  value: Record<string, unknown>,
  depth = NULL_FIELD_DEPTH,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([key, field]) => [
        key,
        isPlainObject(field) && depth > 1 ? nullFieldsAsAbsent(field, depth - 1) : field,
      ]),
  );
}

/** The body as a JSON object with its null fields left out (D17), or why it is not one. */
export function readRequestBody(raw: Buffer): BodyReading {
  if (raw.length === 0) return { ok: false, problem: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  if (!isPlainObject(value)) return { ok: false, problem: 'not_an_object' };
  return { ok: true, value: nullFieldsAsAbsent(value) };
}
