import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { CREDENTIAL_FIELDS, type Bank, type JsonValue } from '../../shared/contract';
import { startSandbox, type SandboxHandle } from '../../main/sandbox';
import { expect, test, type PaydeskCaller } from './fixtures';
import { topOf } from './support/console-ui';

/**
 * Reference data: payment methods per country (logo, name, code, type,
 * availability, approval times in human units or "No data yet"), banks per country (searchable,
 * virtualised), the crypto quote calculator, and errors phrased from their kind.
 */

async function openReference(app: Page, query = ''): Promise<void> {
  await app.evaluate((hash) => {
    window.location.hash = hash;
  }, `#/reference${query}`);
  await expect(app.getByRole('heading', { level: 2, name: 'Reference data' })).toBeVisible();
}

function methodRow(app: Page, code: string) {
  return app.getByTestId('methods-table').locator(`tr[data-method-code="${code}"]`);
}

test('payment methods of Brazil: logos, names, codes, translated types, approval times, "No data yet"', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  await app
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('link', { name: 'Reference data' })
    .click();
  await expect(app).toHaveURL(/#\/reference$/);
  await expect(app.getByRole('tab', { name: 'Payment methods' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByLabel('Country')).toHaveValue('BR');

  const listed = await paydesk.call('listPaymentMethods', { country: 'BR' });
  if (!listed.ok) throw new Error(`listPaymentMethods: ${listed.error.kind}`);
  const table = app.getByTestId('methods-table');
  await expect(table.locator('tbody tr')).toHaveCount(listed.data.record.length);
  await expect(table.getByText('Payment methods in Brazil')).toBeVisible();

  // Pix: a voucher, available, 45 s / 52 s.
  const pix = methodRow(app, 'IX');
  await expect(pix.locator('[data-field="name"]')).toHaveText('Pix');
  await expect(pix.locator('[data-field="code"]')).toHaveText('IX');
  await expect(pix.locator('[data-field="type"]')).toHaveText('Cash voucher');
  await expect(pix.locator('[data-field="status"]')).toHaveText('Available');
  await expect(pix.locator('[data-field="daily_average"]')).toHaveText('45 s');
  await expect(pix.locator('[data-field="monthly_average"]')).toHaveText('52 s');
  // Caixa: 5400 s and 6100 s; Boleto: 86400 s and 97200 s; a card.
  await expect(methodRow(app, 'CA').locator('[data-field="daily_average"]')).toHaveText('1 h 30 min');
  await expect(methodRow(app, 'CA').locator('[data-field="monthly_average"]')).toHaveText('1 h 42 min');
  await expect(methodRow(app, 'CA').locator('[data-field="type"]')).toHaveText('Bank deposit');
  await expect(methodRow(app, 'BL').locator('[data-field="daily_average"]')).toHaveText('1 d');
  await expect(methodRow(app, 'BL').locator('[data-field="monthly_average"]')).toHaveText('1 d 3 h');
  await expect(methodRow(app, 'VI').locator('[data-field="type"]')).toHaveText('Card');

  // The new method without data (the spec's "omitted for new methods").
  const original = methodRow(app, 'BZ');
  await expect(original.locator('[data-field="daily_average"]')).toHaveText('No data yet');
  await expect(original.locator('[data-field="monthly_average"]')).toHaveText('No data yet');
  await expect(original.locator('[data-no-data]')).toHaveCount(2);

  // Every logo is the service's URL in an <img> with alt text, and it loaded.
  for (const method of listed.data.record) {
    const logo = methodRow(app, method.code).getByRole('img', { name: `${method.name} logo` });
    await expect(logo).toHaveAttribute('src', method.logo);
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
  }

  // The raw answer (D12) on demand.
  await app.getByTestId('toggle-raw').click();
  await expect(app.getByTestId('raw-json')).toHaveText(JSON.stringify(listed.data.raw, null, 2), {
    useInnerText: true,
  });
  await axe();
  await topOf(app);
  await saveScreen('reference-payment-methods-br');
});

test('payment methods of Mexico: the momentarily unavailable method is marked, with its status as sent', async ({
  console: app,
  axe,
  saveScreen,
}) => {
  await openReference(app);
  await app.getByLabel('Country').selectOption('MX');
  await expect(app).toHaveURL(/[?&]country=MX/);
  await expect(app.getByTestId('methods-table').getByText('Payment methods in Mexico')).toBeVisible();

  const oxxo = methodRow(app, 'OX');
  await expect(oxxo).toHaveAttribute('data-available', 'false');
  await expect(oxxo.locator('[data-field="status"]')).toContainText('Unavailable');
  await expect(oxxo.locator('[data-field="status"]')).toContainText('TEMPORARILY_UNAVAILABLE');
  await expect(oxxo.locator('[data-status="TEMPORARILY_UNAVAILABLE"]')).toBeVisible();
  const spei = methodRow(app, 'SE');
  await expect(spei).toHaveAttribute('data-available', 'true');
  await expect(spei.locator('[data-field="type"]')).toHaveText('Bank transfer');
  await expect(spei.locator('[data-field="daily_average"]')).toHaveText('5 min');
  await expect(spei.locator('[data-field="monthly_average"]')).toHaveText('7 min');
  // Only the unavailable one is marked.
  await expect(app.locator('tr[data-available="false"]')).toHaveCount(1);
  await axe();
  await topOf(app);
  await saveScreen('reference-payment-methods-mx');
});

test('banks: a search narrows the list, accents and case ignored, codes too; no match is said', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  await openReference(app, '?tab=banks&country=BR');
  await expect(app.getByRole('tab', { name: 'Banks' })).toHaveAttribute('aria-selected', 'true');
  const listed = await paydesk.call('listBanks', { country: 'BR' });
  if (!listed.ok) throw new Error(`listBanks: ${listed.error.kind}`);
  const banks = listed.data.record;
  const list = app.getByTestId('bank-list');
  await expect(app.getByTestId('bank-count')).toHaveText(`${banks.length} banks.`);
  await expect(list.locator('[data-bank-row]')).toHaveCount(banks.length);

  const search = app.getByLabel('Search banks');
  await search.fill('ITAU');
  await expect(app.getByTestId('bank-count')).toHaveText(`1 of ${banks.length} banks matches.`);
  await expect(list.locator('[data-bank-row]')).toHaveCount(1);
  await expect(list.locator('[data-bank-row]')).toContainText('Itaú Unibanco');

  await search.fill('economica');
  await expect(list.locator('[data-bank-row]')).toHaveText([/104\s*Caixa Econômica Federal/]);

  await search.fill('10');
  await expect(list.locator('[data-bank-row]')).toHaveText([/^104/]);

  await search.fill('banco');
  const expected = banks.filter((bank) => bank.name.toLowerCase().includes('banco')).length;
  await expect(list.locator('[data-bank-row]')).toHaveCount(expected);
  await axe();
  await topOf(app);
  await saveScreen('reference-banks-br');

  await search.fill('no such bank');
  await expect(app.getByTestId('bank-no-match')).toHaveText('No bank matches "no such bank".');
  await search.fill('');
  await expect(list.locator('[data-bank-row]')).toHaveCount(banks.length);
});

test('states (D15): the ISO 3166-2 list of a country, searchable by name or code, per country', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  await openReference(app, '?tab=states&country=BR');
  await expect(app.getByRole('tab', { name: 'States' })).toHaveAttribute('aria-selected', 'true');
  const listed = await paydesk.call('listStates', { country: 'BR' });
  if (!listed.ok) throw new Error(`listStates: ${listed.error.kind}`);
  const table = app.getByTestId('states-table');
  await expect(app.getByTestId('state-count')).toHaveText('27 states.');
  await expect(table.locator('tbody tr')).toHaveCount(listed.data.record.length);
  await expect(table.getByText('States of Brazil (ISO 3166-2)')).toBeVisible();
  const saoPaulo = table.locator('tr[data-state-code="SP"]');
  await expect(saoPaulo.locator('[data-field="iso"]')).toHaveText('SP');
  await expect(saoPaulo.locator('[data-field="name"]')).toHaveText('São Paulo');

  const search = app.getByLabel('Search states');
  await search.fill('sao paulo');
  await expect(table.locator('tbody tr')).toHaveText([/SP\s*São Paulo/]);
  await expect(app.getByTestId('state-count')).toHaveText('1 of 27 states matches.');
  await search.fill('RJ');
  await expect(table.locator('tbody tr[data-state-code="RJ"]')).toHaveCount(1);
  await axe();
  await topOf(app);
  await saveScreen('reference-states-br');
  await search.fill('lisboa');
  await expect(app.getByTestId('state-no-match')).toHaveText('No state matches "lisboa".');

  // Another country: its own list, the search starting empty.
  await app.getByLabel('Country').selectOption('MX');
  await expect(app.getByLabel('Search states')).toHaveValue('');
  await expect(app.getByTestId('state-count')).toHaveText('32 states.');
  await expect(table.locator('tr[data-state-code="CMX"] [data-field="name"]')).toHaveText('Ciudad de México');
});

test('the fiat quote (D15), beside the crypto quote: USD into the country currency, each amount with its unit', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  await openReference(app, '?tab=crypto&country=MX');
  await expect(
    app.getByTestId('fiat-quote-panel').getByRole('heading', { name: 'Fiat quote' }),
  ).toBeVisible();
  await expect(
    app.getByTestId('crypto-quote-panel').getByRole('heading', { name: 'Crypto quote' }),
  ).toBeVisible();
  const amount = app.getByLabel('Amount in USD');
  await expect(amount).toHaveValue('1');
  await amount.fill('250');
  await app.getByRole('button', { name: 'Quote in local currency' }).click();

  const expected = await paydesk.call('getFiatQuote', { country: 'MX', amount: 250 });
  if (!expected.ok) throw new Error(`getFiatQuote: ${expected.error.kind}`);
  const { fx_rate, converted_amount, fee, currency } = expected.data.record;
  expect(currency).toBe('MXN');
  const quote = app.getByTestId('fiat-quote');
  const money = (value: number) =>
    new Intl.NumberFormat('en', { style: 'currency', currency: 'MXN', currencyDisplay: 'code' }).format(
      value,
    );
  await expect(quote.getByRole('heading', { name: 'USD 250.00 in MXN (Mexico)' })).toBeVisible();
  await expect(quote.getByText('Rate (MXN for 1 USD)')).toBeVisible();
  await expect(quote.locator('[data-field="fx_rate"]')).toHaveText(String(fx_rate));
  await expect(quote.locator('[data-field="converted_amount"] [data-amount]')).toHaveAttribute(
    'data-currency',
    'MXN',
  );
  await expect(quote.locator('[data-field="converted_amount"]')).toHaveText(money(converted_amount));
  await expect(quote.locator('[data-field="fee"] [data-amount]')).toHaveAttribute('data-amount', String(fee));
  await expect(quote.locator('[data-field="fee"]')).toHaveText(money(fee));
  await axe();
  await topOf(app);
  await saveScreen('reference-fiat-quote');

  // Nothing is asked for an amount that is not positive.
  await amount.fill('0');
  await app.getByRole('button', { name: 'Quote in local currency' }).click();
  await expect(app.getByText('Enter an amount greater than zero.')).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
});

test('the crypto quote: amount 1 by default, the rate, the converted amount and the fee', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  await openReference(app, '?tab=crypto&country=BR');
  const amount = app.getByLabel('Amount', { exact: true });
  await expect(amount).toHaveValue('1');
  await expect(app.getByLabel('Currency', { exact: true })).toHaveValue('BRL');
  await expect(app.getByLabel('Cryptocurrency')).toHaveValue('USDT');
  await expect(app.getByLabel('Cryptocurrency').locator('option')).toHaveText([
    'BUSD',
    'DAI',
    'RDOC',
    'USDT',
    'USDC',
  ]);
  await app.getByRole('button', { name: 'Get quote' }).click();

  const expected = await paydesk.call('getCryptoQuote', { currency: 'BRL', amount: 1, crypto: 'USDT' });
  if (!expected.ok) throw new Error(`getCryptoQuote: ${expected.error.kind}`);
  const quote = app.getByTestId('quote');
  const number = (value: number) => new Intl.NumberFormat('en', { maximumFractionDigits: 20 }).format(value);
  await expect(quote.getByRole('heading', { name: 'BRL 1.00 in USDT' })).toBeVisible();
  await expect(quote.locator('[data-field="fx_rate"]')).toHaveText(number(expected.data.record.fx_rate));
  await expect(quote.locator('[data-field="converted_amount"]')).toHaveText(
    `${number(expected.data.record.converted_amount)} USDT`,
  );
  await expect(quote.locator('[data-field="converted_amount"] [data-amount]')).toHaveAttribute(
    'data-amount',
    String(expected.data.record.converted_amount),
  );
  await expect(quote.locator('[data-field="fee"]')).toHaveText(`${number(expected.data.record.fee)} USDT`);
  await expect(quote.getByText('Rate (BRL for 1 USDT)')).toBeVisible();
  await axe();
  await topOf(app);
  await saveScreen('reference-crypto-quote');

  // Another question: 250 USD in DAI.
  await amount.fill('250');
  await app.getByLabel('Currency', { exact: true }).selectOption('USD');
  await app.getByLabel('Cryptocurrency').selectOption('DAI');
  await app.getByRole('button', { name: 'Get quote' }).click();
  const dai = await paydesk.call('getCryptoQuote', { currency: 'USD', amount: 250, crypto: 'DAI' });
  if (!dai.ok) throw new Error(`getCryptoQuote: ${dai.error.kind}`);
  await expect(quote.getByRole('heading', { name: 'USD 250.00 in DAI' })).toBeVisible();
  // DAI is three letters, so Intl writes it as a currency code before the number.
  await expect(quote.locator('[data-field="converted_amount"] [data-amount]')).toHaveAttribute(
    'data-amount',
    String(dai.data.record.converted_amount),
  );
  await expect(quote.locator('[data-field="converted_amount"]')).toContainText('DAI');

  // An amount that is not positive is explained, and nothing is asked.
  await amount.fill('0');
  await app.getByRole('button', { name: 'Get quote' }).click();
  await expect(app.getByText('Enter an amount greater than zero.')).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
});

test.describe('in Spanish', () => {
  test.use({ freshBridge: true });

  test('types, "no data" and approval times follow the language', async ({ console: app, paydesk }) => {
    expect(await paydesk.call('setPreferences', { language: 'es' })).toMatchObject({ ok: true });
    await app.reload();
    await app.waitForFunction(() => 'paydesk' in window);
    await app.evaluate(() => {
      window.location.hash = '#/reference?country=BR';
    });
    await expect(app.getByRole('heading', { level: 2, name: 'Datos de referencia' })).toBeVisible();
    await expect(app.getByTestId('methods-table').getByText('Métodos de pago en Brasil')).toBeVisible();
    await expect(methodRow(app, 'BZ').locator('[data-field="daily_average"]')).toHaveText(
      'Sin datos todavía',
    );
    await expect(methodRow(app, 'IX').locator('[data-field="type"]')).toHaveText('Pago en efectivo');
    await expect(methodRow(app, 'CA').locator('[data-field="daily_average"]')).toHaveText('1 h 30 min');
    await expect(methodRow(app, 'IX').locator('[data-field="status"]')).toHaveText('Disponible');
  });
});

test.describe('against other services', () => {
  test.use({ freshBridge: true });

  let sandbox: SandboxHandle;
  let proxy: Server;
  let proxyUrl: string;
  const LONG_LIST = 5_000;

  test.beforeAll(async () => {
    sandbox = await startSandbox({ seed: 78 });
    proxy = await startLongListProxy(sandbox.baseUrl, LONG_LIST);
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await sandbox.close();
  });

  async function useProxyEnvironment(app: Page, paydesk: PaydeskCaller, withCredentials: boolean) {
    const added = await paydesk.call('addEnvironment', {
      name: withCredentials ? 'Big bank list' : 'No keys yet',
      kind: 'testing',
      baseUrl: proxyUrl,
    });
    if (!added.ok) throw new Error(`addEnvironment: ${added.error.message}`);
    if (withCredentials) {
      for (const field of CREDENTIAL_FIELDS) {
        const set = await paydesk.call('setCredential', {
          environmentId: added.data.id,
          field,
          value: sandbox.credentials[field],
        });
        expect(set).toMatchObject({ ok: true });
      }
    }
    expect(await paydesk.call('useEnvironment', { id: added.data.id })).toMatchObject({ ok: true });
    await expect(app.getByTestId('environment-switcher')).toContainText(added.data.name);
  }

  test('thousands of banks: the list is virtualised (few rows in the page), scrolls to the end, and a search narrows it', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await useProxyEnvironment(app, paydesk, true);
    await openReference(app, '?tab=banks&country=BR');
    const list = app.getByTestId('bank-list');
    await expect(app.getByTestId('bank-count')).toHaveText('5,000 banks.');
    await expect(list).toHaveAttribute('data-total', String(LONG_LIST));
    const rows = list.locator('[data-bank-row]');
    await expect(rows.first()).toBeVisible();
    // Only what fits the viewport (plus a few) is in the page.
    expect(await rows.count()).toBeLessThan(60);
    expect(await rows.count()).toBeGreaterThan(5);
    await expect(list.locator('table')).toHaveAttribute('aria-rowcount', String(LONG_LIST + 1));

    // Scrolling to the end brings the last bank in, and the first ones out.
    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(list.locator(`[data-bank-code="${LONG_LIST}"]`)).toBeVisible();
    await expect(list.locator('[data-bank-code="1"]')).toHaveCount(0);
    expect(await rows.count()).toBeLessThan(60);
    // Keyboard: the list is a focusable, labelled region.
    await list.focus();
    await expect(list).toBeFocused();
    await expect(app.getByRole('region', { name: 'Banks in Brazil (scrollable)' })).toBeVisible();

    await app.getByLabel('Search banks').fill('cooperativa 12');
    // "Cooperativa 12", "Cooperativa 120"…"129", "Cooperativa 1200"…: every name with both words.
    const matching = syntheticBanks(LONG_LIST).filter(
      (bank) => /cooperativa/i.test(bank.name) && /12/.test(bank.name),
    );
    await expect(app.getByTestId('bank-count')).toHaveText(
      `${new Intl.NumberFormat('en').format(matching.length)} of 5,000 banks match.`,
    );
    await expect(list.locator('[data-bank-row]').first()).toContainText(matching[0]?.name ?? '');
    await axe();
    await topOf(app);
    await saveScreen('reference-banks-virtualised');
  });

  test('a logo that does not load degrades to the method code, with its text alternative', async ({
    console: app,
    paydesk,
  }) => {
    await useProxyEnvironment(app, paydesk, true);
    await openReference(app, '?tab=methods&country=BR');
    const broken = methodRow(app, 'B');
    await expect(broken.locator('[data-logo-broken]')).toBeVisible();
    await expect(broken.getByRole('img', { name: 'Paydesk Sandbox Bank: logo not available' })).toBeVisible();
    await expect(broken.locator('img')).toHaveCount(0);
    // The others still show their logo.
    await expect(methodRow(app, 'IX').locator('img[data-logo]')).toBeVisible();
  });

  test('errors are phrased from their kind, with a retry', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await useProxyEnvironment(app, paydesk, false);
    await openReference(app, '?tab=methods&country=CO');
    const notice = app.locator('[data-error-kind="credentials_missing"]');
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Try again' })).toBeVisible();
    await axe();
    await topOf(app);
    await saveScreen('reference-error');
    await app.getByRole('tab', { name: 'Banks' }).click();
    await expect(app.locator('[data-error-kind="credentials_missing"]')).toBeVisible();
  });
});

/** Made-up banks: "Banco 1"…, every third a "Cooperativa", every seventh with accents. */
function syntheticBanks(count: number): Bank[] {
  return Array.from({ length: count }, (_, index) => {
    const code = index + 1;
    const kind = code % 3 === 0 ? 'Cooperativa' : code % 7 === 0 ? 'Banco Econômico' : 'Banco';
    return { code, name: `${kind} ${code}` };
  });
}

/**
 * Stands in for a service with a long bank list and a dead logo: forwards every request to the
 * sandbox untouched (so signatures still verify), answers BR's banks with `count` made-up banks,
 * and points method `B`'s logo at a file the sandbox does not have.
 */
function startLongListProxy(target: string, count: number): Promise<Server> {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const headers: IncomingHttpHeaders = { ...incoming.headers, host: upstream.host };
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers,
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            let body = Buffer.concat(parts);
            const url = new URL(incoming.url ?? '/', 'http://proxy');
            if (
              answer.statusCode === 200 &&
              url.pathname === '/v3/banks' &&
              url.searchParams.get('country') === 'BR'
            ) {
              body = Buffer.from(JSON.stringify(syntheticBanks(count)));
            }
            if (answer.statusCode === 200 && url.pathname === '/v3/payment_methods') {
              const methods = JSON.parse(body.toString('utf8')) as Array<{ [key: string]: JsonValue }>;
              body = Buffer.from(
                JSON.stringify(
                  methods.map((method) =>
                    method.code === 'B' ? { ...method, logo: `${target}/logos/NO-SUCH-LOGO.svg` } : method,
                  ),
                ),
              );
            }
            const { 'content-length': _length, 'transfer-encoding': _encoding, ...rest } = answer.headers;
            outgoing.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': body.length });
            outgoing.end(body);
          });
        },
      );
      forward.on('error', () => {
        outgoing.writeHead(502);
        outgoing.end();
      });
      forward.end(Buffer.concat(chunks));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
