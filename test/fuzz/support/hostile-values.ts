import fc from 'fast-check';

/**
 * Values a hostile or buggy page (or a fuzzer) can hand to a contract entry: numbers at the edges
 * of IEEE 754 and of safe integers, text at the edges of Unicode, keys that touch the prototype
 * chain, text far larger and structures far deeper than any real argument.
 */

/** Keys that reach the prototype chain when code copies an object naively. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
] as const;

export const EDGE_NUMBERS: readonly number[] = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  0,
  -1,
  0.1 + 0.2,
  1.005,
  1e-7,
  Number.MIN_VALUE,
  Number.MAX_VALUE,
  Number.EPSILON,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 1,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER,
  -(2 ** 53) - 2,
  2 ** 63,
  2 ** 64 + 1,
  1e21,
  1e308,
  2 ** 31,
  -(2 ** 31) - 1,
];

/** Text that trips parsers, renderers and comparisons: controls, BOM, bidi, lone surrogates, look-alikes. */
export const EDGE_TEXTS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u200B',
  '\u202Eevil',
  '\uD800',
  '\uDC00x',
  '\uD83D\uDE00',
  '👩‍👩‍👧‍👦',
  'e\u0301',
  'İ',
  'ß',
  'ＢＲ',
  'ВR',
  'BR\n',
  ' BR',
  'br',
  '١٢٣',
  '1e3',
  '0x10',
  ' 12 ',
  '-0',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '{}',
  '[]',
  '"',
  "'; DROP TABLE deposits; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '=cmd|"/c calc"!A1',
  '\r\n\r\n',
  'paydesk:getDeposit',
  '__proto__',
];

const edgeNumber = fc.constantFrom(...EDGE_NUMBERS);
const edgeText = fc.constantFrom(...EDGE_TEXTS);

/** Unicode at large: any code point, surrogate halves included, and grapheme clusters. */
export const unicodeText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  edgeText,
);

/**
 * Text longer than any field allows, up to well beyond the dispatcher's 256 KiB guard. Built by
 * repeating a short unit, so that generating it costs little.
 */
export const hugeText = fc
  .tuple(
    fc.constantFrom('x', 'é', '😀', '\u0000', '\uD800', ' ', '9', 'ab,'),
    fc.constantFrom(129, 4_097, 40_000, 300_000, 3_000_000),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

/** Arrays or objects nested `depth` levels, deeper than the dispatcher's 16-level guard. */
const deepNesting = fc.tuple(fc.constantFrom(17, 40, 1_000, 20_000), fc.boolean()).map(([depth, asArray]) => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = asArray ? [value] : { a: value };
  return value;
});

/** An own property named like a prototype key, as JSON.parse (and structured clone) make it. */
const prototypeKeyObject = fc
  .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.jsonValue({ maxDepth: 2 }))
  .map(
    ([key, value]) => JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}}`) as unknown,
  );

/** Objects whose shape is wrong in the ways a page can get it wrong. */
const oddObjects = fc.constantFrom<unknown>(
  Object.create(null),
  Object.assign(Object.create(null) as object, { depositId: 1 }),
  [],
  [1, 2, 3],
  new Date(0),
  new Map([['depositId', 1]]),
  new Set([1]),
  new Uint8Array([1, 2, 3]),
  /re/,
  new Error('boom'),
);

/** Any value a transport can deliver, plus the edge cases above. Structured clone carries all of these. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 3,
    arbitrary: fc.anything({
      maxDepth: 3,
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withTypedArray: true,
      withSparseArray: true,
      withNullPrototype: true,
      withBoxedValues: true,
      withObjectString: true,
    }),
  },
  { weight: 3, arbitrary: edgeNumber },
  { weight: 3, arbitrary: unicodeText },
  { weight: 1, arbitrary: hugeText },
  { weight: 1, arbitrary: deepNesting },
  { weight: 2, arbitrary: prototypeKeyObject },
  { weight: 1, arbitrary: oddObjects },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, null, true, false) },
);

/** The subset a WebSocket frame can carry: JSON values (the page JSON-encodes its argument). */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 3, arbitrary: edgeNumber.filter(Number.isFinite) },
  { weight: 3, arbitrary: unicodeText },
  { weight: 1, arbitrary: hugeText },
  { weight: 1, arbitrary: deepNesting },
  { weight: 2, arbitrary: prototypeKeyObject },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}) },
);
