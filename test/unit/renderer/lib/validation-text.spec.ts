import { test, expect } from '@playwright/test';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { issueText } from '../../../../main/core/message-text';
import {
  REPORTED_INFO_RULES,
  checkInput,
  cryptoQuoteQuerySchema,
  depositCreateBodySchema,
  idTextSchema,
  idempotencyKeySchema,
  maskText,
  refundCreateBodySchema,
  walletIssue,
} from '../../../../main/core/payments';
import { checkDepositBody } from '../../../../main/core/console/deposits';
import { validateBaseUrl } from '../../../../main/core/payments/base-url';
import { SEEDED_RECORDS } from '../../../../main/sandbox';
import { validateCredentialValue } from '../../../../main/core/vault/credential-rules';
import {
  CREDENTIAL_FIELDS,
  CRYPTO_NETWORKS,
  type ConsoleError,
  type MessageText,
  type Result,
} from '../../../../shared/contract';
import { formatDay, parseDay } from '../../../../renderer/src/lib/locale-date';
import { fieldName, sayError, sayText } from '../../../../renderer/src/lib/validation-text';
import { dataOf, test as consoleTest } from '../../console/console-fixture';

/**
 * Every text main sends reaches the renderer as a key with parameters, and the renderer
 * says it in the user's language: the schema phrases (main/core/message-text.ts), the refund
 * pre-flight's notes, and the days the filters type. Real schemas, real console, real locale files.
 */

const localesDir = join(import.meta.dirname, '../../../../renderer/src/i18n/locales');
const errorsOf = (language: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(localesDir, language, 'errors.json'), 'utf8')) as Record<string, unknown>;

async function translator(language: 'en' | 'es' | 'pt-BR') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { errors: errorsOf(language) } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const refusal = (result: Result<unknown>): ConsoleError => {
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
};

/** A wallet of no network's form, and a Tron address whose check characters do not match. */
const BAD_WALLETS = ['not-a-wallet', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'];

/** A deposit body whose reported_info field breaks the rule's mask. */
const maskBreakingBody = (rule: (typeof REPORTED_INFO_RULES)[number]) => ({
  amount: 1,
  country: rule.country,
  payment_method: rule.methods[0],
  reported_info: { [rule.field]: '!' },
});

/** Bad values for every check of the input schemas, each beside its schema. */
const BAD_INPUTS: ReadonlyArray<readonly [z.ZodType, unknown]> = [
  [idTextSchema, '1.5'],
  [idTextSchema, '9007199254740993'],
  [idTextSchema, '0'],
  [refundCreateBodySchema, { deposit_id: 'one', invoice_id: '', amount: true }],
  [refundCreateBodySchema, { deposit_id: 1.5, invoice_id: 'x', amount: '1,5', notification_url: 'ftp://x' }],
  [refundCreateBodySchema, { deposit_id: 0, invoice_id: 'x', amount: -1 }],
  [refundCreateBodySchema, { deposit_id: 1, invoice_id: 'x', amount: 1.555 }],
  [
    depositCreateBodySchema,
    {
      amount: 1,
      country: 'br',
      currency: 3,
      payer: {
        id: 'no spaces',
        document: 'x'.repeat(31),
        email: 'nope',
        address: { state: 'SP-1', zip_code: '#' },
        phone: 'call me',
        birth_date: '20260231',
      },
      payment_method: 'B B',
      client_ip: '300.1.1.1',
      language: 'PT',
      bonus_amount: -1,
      strikethrough_price: 0,
      crypto: { currency: 'BTC', wallet: 'w', network: 'Bitcoin' },
    },
  ],
  [
    depositCreateBodySchema,
    { amount: 1, country: 'BR', currency: 'usd', payer: { email: `${'a'.repeat(250)}@x.com` } },
  ],
  ...CRYPTO_NETWORKS.flatMap((network) =>
    BAD_WALLETS.map(
      (wallet) =>
        [
          depositCreateBodySchema,
          { amount: 1, country: 'BR', crypto: { currency: 'USDT', network, wallet } },
        ] as const,
    ),
  ),
  ...REPORTED_INFO_RULES.map((rule) => [depositCreateBodySchema, maskBreakingBody(rule)] as const),
  [cryptoQuoteQuerySchema, { currency: 'USD', crypto: 'usdt' }],
  [idempotencyKeySchema, 'not-a-uuid'],
];

/** Bad values for the credential rules (checked without zod). */
const BAD_CREDENTIALS: readonly unknown[] = [1, '', ' key', 'key\u200b', 'x'.repeat(257), 'key with spaces'];

test('every check of the input schemas names its own key, never the catch-all', () => {
  const refusals: Array<{ english: string; text: MessageText }> = [
    ...BAD_INPUTS.flatMap(([schema, input]) =>
      (schema.safeParse(input).error?.issues ?? []).map((issue) => ({
        english: issue.message,
        text: issueText(issue),
      })),
    ),
    // A header field refuses spaces, the others take them: a value only some fields refuse.
    ...CREDENTIAL_FIELDS.flatMap((field) =>
      BAD_CREDENTIALS.flatMap((value) => {
        const checked = validateCredentialValue(field, value);
        if (checked.ok) return [];
        const { message, text } = checked.error;
        return [
          {
            english: message.slice(field.length).trim().replace(/\.$/, ''),
            text: text ?? { key: 'field.invalid' },
          },
        ];
      }),
    ),
  ];
  expect(refusals.filter(({ text }) => text.key === 'field.invalid')).toEqual([]);
  // Every "must …" the schemas write is among them: a check added without a bad value here, or
  // one that lost its key, fails this test.
  const source = ['payments/inputs.ts', 'payments/wallets.ts', 'vault/credential-rules.ts']
    .map((file) => readFileSync(join(import.meta.dirname, '../../../../main/core', file), 'utf8'))
    .join('\n');
  const phrases = [...source.matchAll(/`(must [^`]*)`|'(must [^']*)'/g)].map(
    (match) => match[1] ?? match[2] ?? '',
  );
  expect(phrases.length).toBeGreaterThan(30);
  const patternOf = (phrase: string): RegExp =>
    new RegExp(
      `^${phrase
        .split(/\$\{[^}]*\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+')}$`,
    );
  const unrefused = phrases.filter(
    (phrase) => !refusals.some(({ english }) => patternOf(phrase).test(english)),
  );
  expect(unrefused).toEqual([]);
});

test('a refused input names its key and parameters beside the English message', () => {
  const decimals = refusal(checkInput(depositCreateBodySchema, { amount: '10.555', country: 'BR' }, 'body'));
  expect(decimals).toMatchObject({
    field: 'body.amount',
    message: 'body.amount: must have at most 2 decimals',
    text: { key: 'field.decimals', params: { max: '2' } },
  });
  const email = refusal(
    checkInput(depositCreateBodySchema, { amount: 10, country: 'BR', payer: { email: 'nope' } }, 'body'),
  );
  expect(email.text).toEqual({ key: 'field.email' });
  const mask = refusal(
    checkInput(
      depositCreateBodySchema,
      { amount: 10, country: 'BR', payment_method: 'BB', reported_info: { bank_branch: '12345' } },
      'body',
    ),
  );
  expect(mask.text).toEqual({
    key: 'field.mask.digitsOptionalCheck',
    params: { max: '4', example: '0000-A', method: 'BB', country: 'BR' },
  });
  const unknown = refusal(checkInput(refundCreateBodySchema, { deposit_id: 1, invoice_id: 'x', typo: 1 }));
  expect(unknown.text).toEqual({ key: 'field.unknown' });
  expect(refusal(validateBaseUrl('ftp://example.com')).text).toEqual({ key: 'field.httpsUrl' });
  expect(refusal(validateCredentialValue('apiKey', ' key')).text).toEqual({ key: 'field.edgeSpaces' });
});

test('the renderer says a refusal in Spanish and Portuguese, and names the field by its label', async () => {
  const error = refusal(checkInput(depositCreateBodySchema, { amount: '10.555', country: 'BR' }, 'body'));
  const es = await translator('es');
  const pt = await translator('pt-BR');
  expect(sayText(es, 'es', error)).toBe('debe tener como máximo 2 decimales');
  expect(sayText(pt, 'pt-BR', error)).toBe('deve ter no máximo 2 casas decimais');
  expect(fieldName(pt, 'body.amount')).toBe('Valor');
  // A path without a label is not shown: a code identifier never reaches staff.
  expect(fieldName(pt, 'payer.address')).toBeNull();
  // Without a key (an older main), main's English is what there is to show in a notice's
  // details; a toast says the error kind's title instead.
  expect(sayText(es, 'es', { message: 'Something' })).toBe('Something');
  expect(sayError(es, 'es', { kind: 'storage', message: 'settings.json: EACCES' })).toBe(
    'No se pudo leer o escribir un archivo',
  );
  expect(sayError(es, 'es', error)).toBe('debe tener como máximo 2 decimales');
});

consoleTest(
  'the refund pre-flight sends a key for every note, in order, said in the reader’s language',
  async ({ openConsole }) => {
    const console = openConsole();
    const deposit = SEEDED_RECORDS.completedCardDeposit; // BRL 150, no refund known here
    const tooMuch = dataOf(await console.call('getRefundPreflight', { depositId: deposit, amount: 150.01 }));
    expect(tooMuch.texts.blockers).toEqual([
      { key: 'refund.overRemaining', params: { amount: 150.01, remaining: 150, currency: 'BRL' } },
    ]);
    expect(tooMuch.texts.blockers).toHaveLength(tooMuch.blockers.length);
    expect(tooMuch.texts.warnings).toHaveLength(tooMuch.warnings.length);
    const pt = await translator('pt-BR');
    const said = sayText(pt, 'pt-BR', {
      message: tooMuch.blockers[0] ?? '',
      text: tooMuch.texts.blockers[0],
    });
    // Amounts in the reader's format, with their currency (BRL 150,01).
    expect(said).toMatch(/^O valor BRL\s150,01 é maior que os BRL\s150,00 que restam a reembolsar/);
    expect(said).not.toContain('(D8)');

    const pending = dataOf(
      await console.call('getRefundPreflight', { depositId: SEEDED_RECORDS.pendingVoucherDeposit }),
    );
    expect(pending.texts.blockers[0]?.key).toBe('refund.notCompleted');
    expect(pending.blockers.join(' ')).not.toMatch(/\(D\d+\)/);
    // A refusal keeps its key through the dispatcher (which rebuilds errors field by field).
    const refused = await console.call('createRefund', {
      body: { deposit_id: SEEDED_RECORDS.pendingVoucherDeposit, invoice_id: 'x', amount: 1 },
    });
    expect(refused.ok ? null : refused.error).toMatchObject({
      kind: 'invalid_state',
      text: { key: 'refund.notCompleted', params: { status: 'PENDING' } },
    });
    const badArg = await console.call('getDeposit', { depositId: -1 });
    expect(badArg.ok ? null : badArg.error.text).toEqual({ key: 'field.positive' });
  },
);

test('a mask hint and its refusal read in the user’s language; in English, as main wrote them', async () => {
  const en = await translator('en');
  const pt = await translator('pt-BR');
  for (const rule of REPORTED_INFO_RULES.filter((each) => each.format instanceof RegExp)) {
    const error = refusal(checkInput(depositCreateBodySchema, maskBreakingBody(rule)));
    expect(sayText(en, 'en', { message: '', text: error.text })).toBe(error.message.replace(/^[^:]*: /, ''));
    expect(sayText(en, 'en', { message: '', text: maskText(rule) })).toBe(rule.describe);
  }
  const branch = REPORTED_INFO_RULES.find((rule) => rule.describe.includes('optionally'));
  expect(sayText(pt, 'pt-BR', { message: '', text: branch && maskText(branch) })).toBe(
    'de 1 a 4 dígitos, opcionalmente um hífen e uma letra ou dígito (0000-A)',
  );
});

test('ids in main’s texts are never grouped; a cashout status is its word with the code beside it', async () => {
  const notPending = {
    message: '',
    text: { key: 'cashout.notPending', params: { id: 11954, status: 'CANCELLED', code: 2 } },
  } as const;
  const [en, es, pt] = await Promise.all([translator('en'), translator('es'), translator('pt-BR')]);
  expect(sayText(en, 'en', notPending)).toMatch(/^Cashout 11954 is CANCELLED \(status 2\), not pending/);
  expect(sayText(es, 'es', notPending)).toMatch(
    /^El retiro 11954 está en CANCELLED \(estado 2\), no pendiente/,
  );
  expect(sayText(pt, 'pt-BR', notPending)).toMatch(/^O saque 11954 está em CANCELLED \(status 2\)/);
  // Any id parameter, whatever the text: `id`, `cashoutId`, `depositIds`…
  const lookup = (_key: string, params: Record<string, unknown>) => JSON.stringify(params);
  expect(
    sayText(lookup, 'es', {
      message: '',
      text: { key: 'cashout.noSuchId', params: { id: 300000001, cashoutId: 12345, max: 12345 } },
    }),
  ).toBe('{"id":"300000001","cashoutId":"12345","max":"12.345"}');
});

test('a wallet refused for its network says the network’s address form in every language', async () => {
  const [en, es, pt] = await Promise.all([translator('en'), translator('es'), translator('pt-BR')]);
  for (const network of CRYPTO_NETWORKS) {
    for (const wallet of BAD_WALLETS) {
      const english = walletIssue(network, wallet)?.message;
      if (english === undefined) throw new Error(`${network} took ${wallet}`);
      const error = refusal(
        checkInput(
          depositCreateBodySchema,
          { amount: 1, country: 'BR', crypto: { currency: 'USDT', network, wallet } },
          'body',
        ),
      );
      expect(error.text?.key).toMatch(/^field\.wallet\./);
      // English reads as main wrote it; the others name the network too, in their words.
      expect(sayText(en, 'en', error)).toBe(english);
      expect(sayText(es, 'es', error)).toMatch(
        new RegExp(`^debe ser una dirección de billetera en ${network}`),
      );
      expect(sayText(pt, 'pt-BR', error)).toMatch(
        new RegExp(`^deve ser um endereço de carteira em ${network}`),
      );
    }
  }
  const hint = checkDepositBody({ amount: 1, country: 'BR', crypto: { network: 'TRC20' } }).walletFormat;
  expect(hint && sayText(es, 'es', { message: hint.describe, text: hint.text })).toBe(
    'T seguida de 33 caracteres base58, 34 en total',
  );
  expect(hint && sayText(en, 'en', { message: hint.describe, text: hint.text })).toBe(hint?.describe);
});

test('plural notes take the language’s plural', async () => {
  const es = await translator('es');
  expect(sayText(es, 'es', { message: '', text: { key: 'refund.recorded', params: { count: 1 } } })).toMatch(
    /^Esta consola registró 1 reembolso de/,
  );
  expect(sayText(es, 'es', { message: '', text: { key: 'refund.recorded', params: { count: 3 } } })).toMatch(
    /^Esta consola registró 3 reembolsos de/,
  );
});

test('a day is typed and shown in the locale’s order and kept as yyyy-mm-dd', () => {
  expect(formatDay('2026-03-04', 'pt-BR')).toBe('04/03/2026');
  expect(formatDay('2026-03-04', 'es')).toBe('04/03/2026');
  expect(formatDay('2026-03-04', 'en')).toBe('03/04/2026');
  expect(parseDay('04/03/2026', 'pt-BR')).toBe('2026-03-04');
  expect(parseDay('4.3.2026', 'es')).toBe('2026-03-04');
  expect(parseDay('03/04/2026', 'en')).toBe('2026-03-04');
  // The ISO form is read in every language (a pasted day, an older draft).
  expect(parseDay('2026-03-04', 'pt-BR')).toBe('2026-03-04');
  // Days that do not exist, and half-typed ones, are not days.
  expect(parseDay('31/02/2026', 'pt-BR')).toBeNull();
  expect(parseDay('04/03/26', 'pt-BR')).toBeNull();
  expect(parseDay('04/03', 'pt-BR')).toBeNull();
});
