import type { Locator, Page } from '@playwright/test';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test } from './fixtures';
import { useLanguage } from './support/console-ui';

/**
 * Every word in the user's language: a form's validation messages (main's schema issues,
 * sent as keys), main's refund pre-flight notes, and the audit journal's day filters, in Spanish
 * and Brazilian Portuguese, with no English sentence and no internal word (D8, baseUrl) left.
 */

async function openRoute(app: Page, route: string): Promise<void> {
  await app.evaluate((hash) => {
    window.location.hash = hash;
  }, route);
}

const errorOf = async (input: Locator): Promise<string> => {
  const id = await input.getAttribute('aria-describedby');
  const ids = (id ?? '').split(/\s+/).filter((part) => part.endsWith('-error'));
  expect(ids, 'the input is described by its error').toHaveLength(1);
  return (await input.page().locator(`[id="${ids[0]}"]`).innerText()).trim();
};

const EXPECTED = {
  es: {
    email: 'debe ser una dirección de correo electrónico válida',
    decimals: 'debe tener como máximo 2 decimales',
    recorded: 'Esta consola registró 1 reembolso de este depósito',
    notCompleted: 'solo se puede reembolsar un depósito completado',
    dayPlaceholder: 'dd/mm/aaaa',
    notADay: 'día',
    depositNotFound: 'El servicio no encontró ningún depósito con este id.',
    notFoundTitle: 'No se encontró nada con este id',
    sandboxRefused: 'El sandbox local rechazó este cambio.',
    negativeId: 'un número negativo no es un id',
  },
  'pt-BR': {
    email: 'deve ser um endereço de e-mail válido',
    decimals: 'deve ter no máximo 2 casas decimais',
    recorded: 'Este console registrou 1 reembolso deste depósito',
    notCompleted: 'só um depósito concluído pode ser reembolsado',
    dayPlaceholder: 'dd/mm/aaaa',
    notADay: 'dia',
    depositNotFound: 'O serviço não encontrou nenhum depósito com este id.',
    notFoundTitle: 'Nada foi encontrado com este id',
    sandboxRefused: 'O sandbox local recusou esta alteração.',
    negativeId: 'um número negativo não é um id',
  },
} as const;

/** English sentences main used to send, and internal words: none may show. */
const NOT_SHOWN = /must be|must have|This console recorded|can be refunded|\(D\d+\)|baseUrl/;
/** main's English error sentences (payments/errors.ts, transport.ts, sandbox controls). */
const MAIN_ENGLISH = /The service|The sandbox refused|found no|\(HTTP \d+|Technical detail/;

test.describe('every word in the user’s language', () => {
  test.use({ freshBridge: true });

  for (const language of ['es', 'pt-BR'] as const) {
    const says = EXPECTED[language];

    test(`${language}: a form's validation messages come from main as keys and read in ${language}`, async ({
      console: app,
      paydesk,
      axe,
      saveScreen,
    }) => {
      await useLanguage(app, paydesk, language);
      // main's check of a draft body: the issues it names, as the form shows them.
      const check = await paydesk.call('checkDeposit', {
        body: { amount: '10.555', country: 'BR', payer: { email: 'nope' } },
      });
      expect(check.ok && check.data.issues.map((issue) => issue.text?.key).sort()).toEqual([
        'field.decimals',
        'field.email',
      ]);
      await openRoute(app, '#/deposits/new');
      const form = app.locator('form').filter({ has: app.locator('[data-field-input="amount"]') });
      const email = form.locator('input[data-field-input="payer.email"]');
      await expect(email).toBeVisible();
      await email.fill('nope');
      await email.press('Tab');
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(await errorOf(email)).toBe(says.email);
      await expect(form).not.toContainText(NOT_SHOWN);
      await axe();
      await saveScreen(`translations-validation-${language}`);
    });

    test(`${language}: main's refund pre-flight notes and blockers read in ${language}`, async ({
      console: app,
      paydesk,
      axe,
      saveScreen,
    }) => {
      await useLanguage(app, paydesk, language);
      const depositId = SEEDED_RECORDS.completedCardDeposit;
      const made = await paydesk.call('createRefund', {
        body: { deposit_id: depositId, invoice_id: `INV-${depositId}`, amount: 10 },
      });
      expect(made.ok).toBe(true);
      await openRoute(app, `#/refunds/new?depositId=${depositId}`);
      const warnings = app.getByTestId('refund-warnings');
      await expect(warnings).toContainText(says.recorded);
      await expect(warnings).not.toContainText(NOT_SHOWN);
      await axe();
      await saveScreen(`translations-refund-warning-${language}`);

      await openRoute(app, `#/refunds/new?depositId=${SEEDED_RECORDS.pendingVoucherDeposit}`);
      const blockers = app.getByTestId('refund-blockers');
      await expect(blockers).toContainText(says.notCompleted);
      await expect(blockers).not.toContainText(NOT_SHOWN);
      // A refusal main sends for it (createRefund, invalid_state) reads the same in the notice.
      const refused = await paydesk.call('createRefund', {
        body: { deposit_id: SEEDED_RECORDS.pendingVoucherDeposit, invoice_id: 'x', amount: 1 },
      });
      expect(refused.ok ? null : refused.error.text?.key).toBe('refund.notCompleted');
      await saveScreen(`translations-refund-blocker-${language}`);
    });

    test(`${language}: main's errors (a service 404, a sandbox refusal) read in ${language}`, async ({
      console: app,
      paydesk,
      axe,
      saveScreen,
    }) => {
      await useLanguage(app, paydesk, language);
      // The sandbox answers an unknown deposit id with an empty 404.
      await openRoute(app, '#/deposits/399999999');
      const notice = app.locator('[data-error-kind="not_found"]');
      await expect(notice).toContainText(says.notFoundTitle);
      await expect(notice.getByTestId('error-said')).toContainText(says.depositNotFound);
      await expect(notice).toContainText('404');
      await expect(notice).not.toContainText(MAIN_ENGLISH);
      await axe();
      await saveScreen(`translations-service-error-${language}`);

      // The sandbox's own reason is English: it stays a detail, the sentence is translated.
      await openRoute(app, '#/sandbox');
      await app.getByTestId('transition-entity').selectOption('refund');
      await app.getByTestId('transition-id').fill('999999');
      await app.getByTestId('transition-to').selectOption('COMPLETED');
      await app.getByTestId('transition-submit').click();
      const refusal = app.locator('[data-error-kind="not_found"]');
      await expect(refusal.getByTestId('error-said')).toHaveText(new RegExp(`${says.sandboxRefused}$`));
      await expect(refusal).not.toContainText(MAIN_ENGLISH);
      await saveScreen(`translations-sandbox-refusal-${language}`);

      // A batch's tokens that are not ids: each reason from main as a key.
      await openRoute(app, '#/batch');
      await app.getByTestId('batch-text').fill('300000001 -5');
      await app.getByTestId('batch-parse').click();
      const reason = app.getByTestId('batch-invalid').locator('tr[data-token="-5"] td').nth(2);
      await expect(reason).toHaveText(says.negativeId);
    });

    test(`${language}: the audit journal's day filters are typed and shown as ${says.dayPlaceholder}`, async ({
      console: app,
      paydesk,
      axe,
      saveScreen,
    }) => {
      await useLanguage(app, paydesk, language);
      await openRoute(app, '#/audit');
      const from = app.getByTestId('audit-filter-from');
      const to = app.getByTestId('audit-filter-to');
      await expect(from).toHaveAttribute('placeholder', says.dayPlaceholder);
      await expect(from).not.toHaveAttribute('type', 'date');
      await from.fill('27/11/2026');
      await expect(from).toHaveValue('27/11/2026');
      await expect(from).not.toHaveAttribute('aria-invalid', 'true');
      // Day first: 03/04 is the 3rd of April, after the 27th of November is not.
      await to.fill('03/04/2026');
      await expect(to).toHaveValue('03/04/2026');
      await to.fill('31/02/2026');
      await expect(to).toHaveAttribute('aria-invalid', 'true');
      expect(await errorOf(to)).toContain(says.notADay);
      await to.fill('');
      await expect(to).not.toHaveAttribute('aria-invalid', 'true');
      await axe();
      await saveScreen(`translations-audit-days-${language}`);
    });
  }
});
