import { expect, test } from '@playwright/test';
import { openedLinkHref } from '../../../../renderer/src/shell/links';
import { parseDeepLink } from '../../../../main/core/deep-links';

/** The screen a `paydesk://` link opens, from the target main read out of it. */

const hrefOfLink = (link: string): string => {
  const read = parseDeepLink(link);
  if (!read.ok) throw new Error(`${link} was refused: ${read.refusal}`);
  return openedLinkHref(read.target);
};

test('each record link opens its record screen, as the jump box would', () => {
  expect(hrefOfLink('paydesk://deposit/300000001')).toBe('/deposits/300000001');
  expect(hrefOfLink('paydesk://refund/17')).toBe('/refunds/17');
  expect(hrefOfLink('paydesk://cashout/11954')).toBe('/cashouts?cashoutId=11954');
  expect(hrefOfLink('paydesk://cashout-external/payout%207781%2Fb')).toBe(
    '/cashouts?externalId=payout%207781%2Fb',
  );
  expect(hrefOfLink('paydesk://sub-merchant/18703')).toBe('/sub-merchants/18703');
  expect(hrefOfLink('paydesk://approval/12')).toBe('/approvals?request=12');
});

test('a search link opens the jump box with its text, kept whole in the query', () => {
  expect(hrefOfLink('paydesk://search?q=INV-2024-0042')).toBe('/?q=INV-2024-0042');
  const href = hrefOfLink('paydesk://search?q=a%26q%3Dx%23top+%2F..');
  expect(new URLSearchParams(href.slice(href.indexOf('?'))).getAll('q')).toEqual(['a&q=x#top /..']);
  expect(href).not.toContain('#');
});
