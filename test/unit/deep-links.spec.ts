import { expect, test } from '@playwright/test';
import { deepLinkOf, type DeepLinkTarget } from '../../shared/contract';
import {
  DEEP_LINK_MAX_LENGTH,
  linkInArguments,
  parseDeepLink,
  type DeepLinkRefusal,
} from '../../main/core/deep-links';

/** `paydesk://` links: what each names, why a hostile one names nothing, and the way back. */

test('each target of the app, read from its link', () => {
  const cases: Array<[string, DeepLinkTarget]> = [
    ['paydesk://deposit/300000001', { kind: 'deposit', depositId: 300000001 }],
    ['paydesk://refund/17', { kind: 'refund', refundId: 17 }],
    ['paydesk://cashout/11954', { kind: 'cashout', cashoutId: 11954 }],
    ['paydesk://cashout-external/payout-7781', { kind: 'cashout-external', externalId: 'payout-7781' }],
    ['paydesk://cashout-external/pay%20out%2F1', { kind: 'cashout-external', externalId: 'pay out/1' }],
    ['paydesk://sub-merchant/18703', { kind: 'sub-merchant', subMerchantId: 18703 }],
    ['paydesk://approval/12', { kind: 'approval', requestId: '12' }],
    ['paydesk://search?q=INV-2024-0042', { kind: 'search', text: 'INV-2024-0042' }],
    ['paydesk://search?q=Ana+Souza', { kind: 'search', text: 'Ana Souza' }],
    ['paydesk://search?q=S%C3%A3o%20Paulo%2B1', { kind: 'search', text: 'São Paulo+1' }],
    // Scheme and host are case-insensitive in a URI.
    ['PAYDESK://Deposit/42', { kind: 'deposit', depositId: 42 }],
  ];
  for (const [link, target] of cases) expect(parseDeepLink(link), link).toEqual({ ok: true, target });
});

test('the way back: every target makes a link that reads as the same target', () => {
  const targets: DeepLinkTarget[] = [
    { kind: 'deposit', depositId: 300000001 },
    { kind: 'refund', refundId: 1 },
    { kind: 'cashout', cashoutId: Number.MAX_SAFE_INTEGER },
    { kind: 'cashout-external', externalId: 'a/b?c#d%e&f +g' },
    { kind: 'cashout-external', externalId: 'ñandú-7' },
    { kind: 'sub-merchant', subMerchantId: 18703 },
    { kind: 'approval', requestId: '9223372036854775807' },
    { kind: 'search', text: 'INV 2024 & co #1 ?x=y' },
    { kind: 'search', text: 'x'.repeat(200) },
  ];
  for (const target of targets) {
    const link = deepLinkOf(target);
    expect(link.startsWith('paydesk://')).toBe(true);
    expect(parseDeepLink(link), link).toEqual({ ok: true, target });
  }
  expect(deepLinkOf({ kind: 'deposit', depositId: 300000001 })).toBe('paydesk://deposit/300000001');
  expect(deepLinkOf({ kind: 'search', text: 'Ana Souza' })).toBe('paydesk://search?q=Ana%20Souza');
});

test('hostile and broken links are refused, each with its reason', () => {
  const cases: Array<[unknown, DeepLinkRefusal]> = [
    [undefined, 'not_text'],
    [300000001, 'not_text'],
    [{ toString: () => 'paydesk://deposit/1' }, 'not_text'],
    [`paydesk://search?q=${'a'.repeat(DEEP_LINK_MAX_LENGTH)}`, 'too_long'],
    ['paydesk://deposit/ 1', 'invalid_characters'],
    [' paydesk://deposit/1', 'invalid_characters'],
    ['paydesk://deposit/1\n', 'invalid_characters'],
    ['paydesk://depo\tsit/1', 'invalid_characters'],
    ['paydesk://deposit/１', 'invalid_characters'],
    ['paydesk://deposit/1\u202e', 'invalid_characters'],
    ['', 'malformed'],
    ['deposit/300000001', 'malformed'],
    ['paydesk:deposit/1', 'malformed'],
    ['paydesk:/deposit/1', 'malformed'],
    ['https://deposit/300000001', 'other_scheme'],
    ['javascript:alert(1)', 'other_scheme'],
    ['file:///etc/passwd', 'other_scheme'],
    ['paydesk2://deposit/1', 'other_scheme'],
    ['paydesk://user:secret@deposit/1', 'credentials'],
    ['paydesk://@deposit/1', 'credentials'],
    ['paydesk://deposit:443/1', 'port'],
    ['paydesk://deposit/1#top', 'fragment'],
    ['paydesk://search?q=x#y', 'fragment'],
    ['paydesk://', 'unknown_target'],
    ['paydesk://payout/1', 'unknown_target'],
    ['paydesk://deposits/1', 'unknown_target'],
    ['paydesk://__proto__/1', 'unknown_target'],
    ['paydesk://constructor/1', 'unknown_target'],
    ['paydesk:///deposit/1', 'unknown_target'],
    ['paydesk://deposit', 'missing_id'],
    ['paydesk://deposit/', 'missing_id'],
    ['paydesk://deposit/1/', 'extra_parts'],
    ['paydesk://deposit/1/refunds', 'extra_parts'],
    ['paydesk://deposit/1/../../etc', 'extra_parts'],
    ['paydesk://deposit//1', 'missing_id'],
    ['paydesk://search/x?q=1', 'extra_parts'],
    ['paydesk://deposit/0', 'not_an_id'],
    ['paydesk://deposit/-1', 'not_an_id'],
    ['paydesk://deposit/0300000001', 'not_an_id'],
    ['paydesk://deposit/1.5', 'not_an_id'],
    ['paydesk://deposit/1e3', 'not_an_id'],
    ['paydesk://deposit/0x10', 'not_an_id'],
    ['paydesk://deposit/%31', 'not_an_id'],
    ['paydesk://deposit/9007199254740992', 'not_an_id'],
    ['paydesk://refund/abc', 'not_an_id'],
    ['paydesk://cashout/payout-7781', 'not_an_id'],
    ['paydesk://approval/0', 'not_an_id'],
    ['paydesk://approval/012', 'not_an_id'],
    ['paydesk://approval/12a', 'not_an_id'],
    ['paydesk://approval/99999999999999999999', 'not_an_id'],
    ['paydesk://approval/12/approve', 'extra_parts'],
    ['paydesk://approval/12?approve=1', 'unexpected_query'],
    [`paydesk://cashout-external/${'x'.repeat(33)}`, 'not_an_id'],
    ['paydesk://cashout-external/%00', 'not_an_id'],
    ['paydesk://cashout-external/a%0Ab', 'not_an_id'],
    ['paydesk://cashout-external/%E0%A4%A', 'not_an_id'],
    ['paydesk://cashout-external/%', 'not_an_id'],
    ['paydesk://deposit/1?q=2', 'unexpected_query'],
    ['paydesk://deposit/1?', 'unexpected_query'],
    ['paydesk://search?q=a&q=b', 'unexpected_query'],
    ['paydesk://search?q=a&limit=1000', 'unexpected_query'],
    ['paydesk://search?text=a', 'unexpected_query'],
    ['paydesk://search?', 'unexpected_query'],
    ['paydesk://search', 'bad_search_text'],
    ['paydesk://search?q=', 'bad_search_text'],
    ['paydesk://search?q=+++', 'bad_search_text'],
    ['paydesk://search?q=%0D%0A', 'bad_search_text'],
    ['paydesk://search?q=a%00b', 'bad_search_text'],
    ['paydesk://search?q=%ZZ', 'bad_search_text'],
    [`paydesk://search?q=${'a'.repeat(201)}`, 'bad_search_text'],
  ];
  for (const [link, refusal] of cases) {
    expect(parseDeepLink(link), JSON.stringify(link)).toEqual({ ok: false, refusal });
  }
});

test('random text never throws and names a target only in the forms above', () => {
  let seed = 7;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pieces = [
    'paydesk://',
    'deposit',
    'refund',
    'search',
    '?q=',
    '/',
    '%',
    '#',
    '@',
    ':',
    '1',
    '0',
    'a',
    ' ',
    '\u0000',
    'é',
    '+',
    '&',
  ];
  for (let round = 0; round < 5000; round += 1) {
    let link = '';
    const length = Math.floor(random() * 8);
    for (let index = 0; index < length; index += 1) link += pieces[Math.floor(random() * pieces.length)];
    const read = parseDeepLink(link);
    if (read.ok) expect(parseDeepLink(deepLinkOf(read.target)), link).toEqual(read);
  }
});

test.describe("the link among a launch's arguments", () => {
  test('Windows and Linux pass it as one argument among the switches, wherever it stands', () => {
    expect(
      linkInArguments([
        'C:\\Program Files\\Paydesk\\Paydesk.exe',
        '--allow-file-access-from-files',
        'paydesk://deposit/300000001',
        '--original-process-start-time=13370000000',
      ]),
    ).toBe('paydesk://deposit/300000001');
    // The development launch: electron, the app's folder, then the link.
    expect(linkInArguments(['/usr/bin/electron', '/home/me/paydesk', 'PAYDESK://refund/17'])).toBe(
      'PAYDESK://refund/17',
    );
  });

  test('a plain launch, a switch that carries a link and another scheme are no link', () => {
    expect(linkInArguments([])).toBeUndefined();
    expect(linkInArguments(['/opt/Paydesk/paydesk', '--no-sandbox'])).toBeUndefined();
    expect(linkInArguments(['/opt/Paydesk/paydesk', '--url=paydesk://deposit/1'])).toBeUndefined();
    expect(
      linkInArguments(['/opt/Paydesk/paydesk', 'https://deposit/1', 'paydesks://deposit/1']),
    ).toBeUndefined();
    expect(linkInArguments([undefined, 17, { link: 'paydesk://deposit/1' }])).toBeUndefined();
  });

  test('two links in one launch open neither: which one was meant cannot be told', () => {
    expect(linkInArguments(['paydesk', 'paydesk://deposit/1', 'paydesk://refund/2'])).toBeUndefined();
  });

  test('what it picks is still read strictly', () => {
    const picked = linkInArguments(['paydesk', 'paydesk://deposit/1 --gpu-launcher=calc']);
    expect(picked).toBeDefined();
    expect(parseDeepLink(picked)).toEqual({ ok: false, refusal: 'invalid_characters' });
  });
});
