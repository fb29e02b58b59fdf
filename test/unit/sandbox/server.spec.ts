import { withoutOneTrailingSlash } from '../../../main/sandbox/server';
import { expect, test } from './fixtures';

/** D17: one trailing slash names the same endpoint; two do not. */

test('one trailing slash is dropped, the query kept as it came', () => {
  expect(withoutOneTrailingSlash('/v3/deposits/')).toBe('/v3/deposits');
  expect(withoutOneTrailingSlash('/v3/refunds/')).toBe('/v3/refunds');
  expect(withoutOneTrailingSlash('/v3/deposits/300000001/')).toBe('/v3/deposits/300000001');
  expect(withoutOneTrailingSlash('/v3/banks/?country=BR')).toBe('/v3/banks?country=BR');
  expect(withoutOneTrailingSlash('/v3/banks/?next=/a/')).toBe('/v3/banks?next=/a/');
});

test('paths without one, with two or more, and the root stay as they are', () => {
  for (const url of [
    '/v3/deposits',
    '/v3/deposits//',
    '/v3/deposits///',
    '/v3/deposits//?a=1',
    '/',
    '//',
    '',
    '/v3/banks?country=BR/',
    '/v3/deposits%2F',
  ]) {
    expect(withoutOneTrailingSlash(url), url).toBe(url);
  }
});
