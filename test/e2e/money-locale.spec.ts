import type { Locator, Page } from '@playwright/test';
import type { Language } from '../../shared/contract';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test, type PaydeskCaller } from './fixtures';

/**
 * Money in the user's language: every amount input reads the language's separators and
 * names what it cannot read on the field itself (never a silently different amount); amounts
 * shown carry their currency; the deposit's country is picked from the countries the service
 * serves, and a code it does not serve is an error on Country, never cut to another country.
 */

async function openRoute(app: Page, route: string): Promise<void> {
  await app.evaluate((hash) => {
    window.location.hash = hash;
  }, route);
}

async function useLanguage(app: Page, paydesk: PaydeskCaller, language: Language): Promise<void> {
  expect(await paydesk.call('setPreferences', { language })).toMatchObject({ ok: true });
  await app.reload();
  await app.waitForFunction(() => 'paydesk' in window);
}

/** An input of the New deposit form by the body field it fills (language-independent). */
const field = (form: Locator, name: string): Locator => form.locator(`input[data-field-input="${name}"]`);

const errorOf = async (input: Locator): Promise<string> => {
  const id = await input.getAttribute('aria-describedby');
  const ids = (id ?? '').split(/\s+/).filter((part) => part.endsWith('-error'));
  expect(ids, 'the input is described by its error').toHaveLength(1);
  return (await input.page().locator(`[id="${ids[0]}"]`).innerText()).trim();
};

test.describe('in Brazilian Portuguese and Spanish', () => {
  test.use({ freshBridge: true });

  test('pt-BR: New deposit reads "100,50" as 100.5; "100.50" and "CHL" are errors on their own fields', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await useLanguage(app, paydesk, 'pt-BR');
    await openRoute(app, '#/deposits/new');
    const form = app.getByRole('form', { name: 'Criar um depósito' });
    await form.getByTestId('deposit-mode').getByText('Hospedado', { exact: false }).click();

    // A country the service does not serve stays what was typed, in the error under Country.
    const country = field(form, 'country');
    await country.fill('CHL');
    await country.press('Tab');
    await expect(country).toHaveAttribute('aria-invalid', 'true');
    expect(await errorOf(country)).toContain('CHL');
    await expect(country).not.toHaveValue(/\(CH\)/);
    await expect(field(form, 'payment_method')).not.toHaveAttribute('aria-invalid', 'true');
    // The picker lists the served countries by name and code, searchable by name.
    await country.fill('chi');
    await app.getByRole('option', { name: 'Chile (CL)' }).click();
    await expect(country).toHaveValue('Chile (CL)');
    await expect(country).not.toHaveAttribute('aria-invalid', 'true');
    await country.fill('BR');
    await expect(country).toHaveValue('Brasil (BR)');
    await country.press('Escape');

    const amount = field(form, 'amount');
    await expect(amount).toHaveAttribute('data-currency', 'BRL');
    // The English decimal point is a separator in the wrong place here, not 10.050.
    await amount.fill('100.50');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(await errorOf(amount)).toContain('1.234,56');
    await amount.fill('-5');
    expect(await errorOf(amount)).toBe('Um valor não pode ser negativo.');
    await amount.fill('100,50');
    await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByTestId('deposit-confirm-summary')).toContainText('BRL 100,50');
    await axe();
    await saveScreen('money-locale-deposit-pt-BR');

    await form.getByTestId('create-deposit').click();
    const answer = app.getByTestId('deposit-answer');
    await expect(answer).toHaveAttribute('data-checkout-type', 'HOSTED');
    const depositId = Number(await answer.getAttribute('data-deposit-id'));
    const read = await paydesk.call('getDeposit', { depositId });
    if (!read.ok) throw new Error(read.error.message);
    expect(read.data.record.amount ?? read.data.record.local_amount).toBe(100.5);
    expect(read.data.record.currency).toBe('BRL');
  });

  test("es-MX from the language menu: the Spanish texts with Mexico's numbers; es keeps 12.345,60", async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await app.getByTestId('language-menu').click();
    await app.getByRole('menuitem', { name: 'Español (México)' }).click();
    await expect(app.getByTestId('language-menu')).toHaveText('ES-MX');
    await expect(app.locator('html')).toHaveAttribute('lang', 'es-MX');
    await openRoute(app, '#/deposits/new');
    const form = app.getByRole('form', { name: 'Crear un depósito' });
    await form.getByTestId('deposit-mode').getByText('Alojado', { exact: false }).click();
    const country = field(form, 'country');
    await country.fill('MX');
    await country.press('Escape');
    const amount = field(form, 'amount');
    await expect(amount).toHaveAttribute('data-currency', 'MXN');
    // Typed and shown the way staff in Mexico write amounts.
    await amount.fill('12,345.60');
    await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByTestId('deposit-confirm-summary')).toContainText(/MXN\s12,345\.60/);
    await amount.fill('12.345,60');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await axe();
    await saveScreen('money-locale-deposit-es-MX');
    // The same texts as Spanish: only the numbers differ.
    await expect(amount).toHaveAccessibleName(/^Importe/);

    await useLanguage(app, paydesk, 'es');
    await openRoute(app, '#/deposits/new');
    await expect(app.getByTestId('language-menu')).toHaveText('ES');
    await form.getByTestId('deposit-mode').getByText('Alojado', { exact: false }).click();
    await country.fill('MX');
    await country.press('Escape');
    await amount.fill('12.345,60');
    await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByTestId('deposit-confirm-summary')).toContainText(/12\.345,60\sMXN/);
  });

  test('es: the refund amount takes a decimal comma and refuses a decimal point', async ({
    console: app,
    paydesk,
    axe,
  }) => {
    await useLanguage(app, paydesk, 'es');
    const depositId = SEEDED_RECORDS.completedCardDeposit;
    await openRoute(app, `#/refunds/new?depositId=${depositId}`);
    const form = app.getByTestId('refund-form');
    const amount = form.getByTestId('refund-amount');
    await expect(amount).toHaveAttribute('data-currency', 'BRL');
    await amount.fill('10.50');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(await errorOf(amount)).toContain('1.234,56');
    await amount.fill('12,505');
    expect(await errorOf(amount)).toContain('Use como máximo 2 decimales');
    await amount.fill('12,5');
    await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    await axe();
    await form.getByTestId('create-refund').click();
    const dialog = app.getByRole('dialog', { name: `¿Reembolsar el depósito ${depositId}?` });
    await expect(dialog.getByTestId('refund-confirm-summary')).toContainText('12,50');
    await dialog.getByRole('button', { name: 'Crear reembolso' }).click();

    const detail = app.getByTestId('refund-detail');
    const refundId = Number(await detail.getAttribute('data-refund-id'));
    expect(refundId).toBeGreaterThan(0);
    const read = await paydesk.call('getRefund', { refundId });
    expect(read.ok && read.data.record.amount).toBe(12.5);
    // The refund shows its deposit's currency, written the Spanish way.
    const shown = detail.locator('[data-field="amount"]');
    await expect(shown).toContainText('12,50');
    await expect(shown).toContainText('BRL');
  });
});

test.describe('in English', () => {
  test('"-5" in the crypto quote is an error on the field; the fee carries its unit', async ({
    console: app,
    paydesk,
    axe,
  }) => {
    await openRoute(app, '#/reference?tab=crypto&country=BR');
    const amount = app.getByTestId('quote-amount');
    await expect(amount).toHaveAttribute('data-currency', 'BRL');
    await amount.fill('-5');
    await app.getByRole('button', { name: 'Get quote' }).click();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveValue('-5');
    expect(await errorOf(amount)).toBe('An amount cannot be negative.');
    await expect(app.getByTestId('quote')).toHaveCount(0);
    await amount.fill('1.005');
    expect(await errorOf(amount)).toContain('at most 2 decimals');

    await amount.fill('1,000');
    await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    await expect(app.getByTestId('money-reads-as')).toHaveText('Reads as BRL 1,000.00');
    await app.getByRole('button', { name: 'Get quote' }).click();
    const expected = await paydesk.call('getCryptoQuote', { currency: 'BRL', amount: 1000, crypto: 'USDT' });
    if (!expected.ok) throw new Error(expected.error.message);
    const quote = app.getByTestId('quote');
    await expect(quote.getByRole('heading', { name: 'BRL 1,000.00 in USDT' })).toBeVisible();
    const fee = quote.locator('[data-field="fee"] [data-amount]');
    await expect(fee).toHaveAttribute('data-amount', String(expected.data.record.fee));
    await expect(fee).toHaveAttribute('data-currency', 'USDT');
    await expect(quote.locator('[data-field="fee"]')).toContainText('USDT');
    await axe();
  });

  test('a refund shows its amount with the currency of its deposit', async ({ console: app }) => {
    await openRoute(app, `#/refunds/${SEEDED_RECORDS.completedRefund}`);
    const detail = app.getByTestId('refund-detail');
    await expect(detail.locator('[data-field="amount"]')).toHaveText('BRL 50.00');
  });

  test('a recent-list amount filter names what it cannot read', async ({ console: app }) => {
    await openRoute(app, '#/deposits');
    const min = app.getByTestId('recent-filter-min');
    await min.fill('-3');
    await expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(await errorOf(min)).toBe('An amount cannot be negative.');
    await min.fill('1,000');
    await expect(min).not.toHaveAttribute('aria-invalid', 'true');
  });
});
