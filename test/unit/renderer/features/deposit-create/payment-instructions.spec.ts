import { test, expect } from '@playwright/test';
import {
  hasImage,
  instructionRows,
  isImageDataUri,
} from '../../../../../renderer/src/features/deposit-create/payment-instructions';

test.describe('payment instructions', () => {
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

  test('every key in the order it came; known keys flagged; numbers kept exactly; nested values as JSON', () => {
    const rows = instructionRows({
      qr_code: png,
      digitable_line: '0002 0126',
      reference: 2211870,
      new_thing: 'as it came',
      nested: { a: 1 },
      empty: null,
      flag: true,
    });
    expect(rows.map((row) => [row.key, row.known, row.kind])).toEqual([
      ['qr_code', true, 'image'],
      ['digitable_line', true, 'text'],
      ['reference', true, 'text'],
      ['new_thing', false, 'text'],
      ['nested', false, 'json'],
      ['empty', false, 'absent'],
      ['flag', false, 'text'],
    ]);
    expect(rows[2]).toMatchObject({ value: '2211870', copy: true });
    expect(rows[6]).toMatchObject({ value: 'true', copy: false });
    expect(hasImage(rows)).toBe(true);
    expect(instructionRows(undefined)).toEqual([]);
  });

  test('only raster data URIs are pictures; an SVG or a link is text', () => {
    expect(isImageDataUri(png)).toBe(true);
    expect(isImageDataUri('data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=')).toBe(false);
    expect(isImageDataUri('https://example.com/qr.png')).toBe(false);
    expect(instructionRows({ qr_code: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' })[0]?.kind).toBe('text');
  });
});
