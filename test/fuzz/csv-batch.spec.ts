import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { BATCH_KINDS, BATCH_LIMITS } from '../../shared/contract';
import { checkIdToken, parseBatchIds } from '../../main/core/batch';
import { parseCsv } from '../../main/core/csv';
import { fuzzRuns } from './support/channel-inputs';
import { unicodeText } from './support/hostile-values';

/**
 * Random text and CSV-ish bytes through parseCsv and the
 * batch id parser (the paste box and the CLI's `batch` read both). Never a throw; every answer a
 * Result; every id canonical and listed once; and, for text built from known tokens, the counts
 * account for every token: ids + duplicates + invalid = tokens.
 */

/** 300 per property in `npm test` (about 20 s); PAYDESK_FUZZ_RUNS for more. */
const RUNS = fuzzRuns(300);

/** Text biased towards what breaks CSV readers: quotes, delimiters, line ends, BOMs. */
const csvIsh = fc.oneof(
  fc
    .array(
      fc.constantFrom(
        'a',
        '1',
        '"',
        '""',
        ',',
        ';',
        '\t',
        '|',
        '\n',
        '\r\n',
        '\r',
        ' ',
        '\uFEFF',
        '=1+2',
        'é',
        '0',
      ),
      {
        maxLength: 200,
      },
    )
    .map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 300 }),
  unicodeText,
);

test(`parseCsv: ${RUNS} random texts, never a throw, rows of strings or a located error`, () => {
  fc.assert(
    fc.property(csvIsh, fc.constantFrom(',', ';', '\t'), (text, delimiter) => {
      const parsed = parseCsv(text, { delimiter });
      if (parsed.ok) {
        // Plain checks in the loop: an expect() per cell would cost more than the parse.
        const cells = parsed.data.flat();
        if (cells.some((cell) => typeof cell !== 'string')) expect(parsed.data).toEqual('rows of strings');
      } else {
        expect(parsed.error.kind).toBe('validation');
        expect(parsed.error.message.length).toBeGreaterThan(0);
      }
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
});

test(`parseBatchIds: ${RUNS} random texts per kind, canonical distinct ids, bounded lists`, () => {
  for (const kind of BATCH_KINDS) {
    fc.assert(
      fc.property(csvIsh, (text) => {
        const parsed = parseBatchIds(kind, text);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const { ids, invalid, invalidCount, duplicates, duplicateCount } = parsed.data;
        expect(new Set(ids).size).toBe(ids.length);
        const notCanonical = ids.filter((id) => {
          const checked = checkIdToken(kind, id);
          return !checked.ok || checked.id !== id;
        });
        expect(notCanonical).toEqual([]);
        expect(invalid.length).toBeLessThanOrEqual(Math.min(invalidCount, BATCH_LIMITS.maxListed));
        expect(duplicates.length).toBeLessThanOrEqual(Math.min(duplicateCount, BATCH_LIMITS.maxListed));
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }
});

/** Tokens whose verdict is known: valid deposit ids (some with leading zeros) and refusals. */
const validToken = fc.oneof(
  fc.integer({ min: 1, max: 400 }).map(String),
  fc.integer({ min: 1, max: 400 }).map((id) => `00${id}`),
  fc.constantFrom('300000001', String(Number.MAX_SAFE_INTEGER)),
);
const invalidToken = fc.oneof(
  fc.constantFrom('0', '-5', '1.5', '2e5', 'abc', 'ext:x', '9007199254740993', 'ＢＲ', '١٢٣'),
  fc.stringMatching(/^[a-z]{1,8}$/),
);
const separator = fc.constantFrom(' ', ',', ';', '\n', '\t', '\r\n', ' , ', '|');

test(`parseBatchIds: ${RUNS} texts of known tokens, ids + duplicates + invalid account for every token`, () => {
  fc.assert(
    fc.property(
      validToken,
      fc.array(fc.tuple(fc.oneof(validToken, invalidToken), separator), { maxLength: 60 }),
      (first, rest) => {
        // A valid first token: the first row is then data, never taken for a header.
        const text = [first, ...rest.map(([token, sep]) => `${sep}${token}`)].join('');
        const tokens = [first, ...rest.map(([token]) => token)];
        const canonical = tokens.map((token) => checkIdToken('deposits', token));
        const validIds = canonical.flatMap((check) => (check.ok ? [check.id] : []));
        const parsed = parseBatchIds('deposits', text);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const { ids, invalidCount, duplicateCount } = parsed.data;
        expect(ids, text).toEqual([...new Set(validIds)]);
        expect(duplicateCount, text).toBe(validIds.length - ids.length);
        expect(invalidCount, text).toBe(tokens.length - validIds.length);
        expect(ids.length + duplicateCount + invalidCount).toBe(tokens.length);
      },
    ),
    { numRuns: RUNS, endOnFailure: true },
  );
});
