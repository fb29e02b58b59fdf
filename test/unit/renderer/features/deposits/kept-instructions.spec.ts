import { sqliteRecordIndexStarter } from '../../../../../main/core/console';
import { readKeptInstructions } from '../../../../../renderer/src/features/deposits/kept-instructions';
import { dataOf, expect, test } from '../../../console/console-fixture';

/**
 * The deposit page reads back the payment instructions the record index kept of a create answer
 *: what the real console keeps reads back as the answer's payment_info, payer data
 * left out; stored text that is not that shape is read field by field, never trusted whole.
 */

test('what the console kept of a ONE_SHOT answer reads back as its payment_info, without payer data', async ({
  openConsole,
  dataDir,
}) => {
  const console = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) });
  const created = dataOf(
    await console.call('createDeposit', {
      body: {
        amount: 100,
        country: 'BR',
        invoice_id: 'INV-KEPT-1',
        payment_method: 'IX',
        payer: {
          document: '84932568207',
          document_type: 'CPF',
          email: 'ana@example.com',
          first_name: 'Ana',
          last_name: 'Souza',
        },
      },
    }),
  );
  const answer = created.created.record;
  expect(answer.checkout_type).toBe('ONE_SHOT');
  const record = dataOf(await console.call('getRecord', { kind: 'deposit', id: String(answer.deposit_id) }));
  const kept = readKeptInstructions(record?.instructions?.json ?? '');
  const {
    payer_document: _document,
    payer_document_type: _type,
    ...metadata
  } = answer.payment_info?.metadata ?? {};
  expect(kept).toEqual({
    checkoutType: 'ONE_SHOT',
    redirectUrl: answer.redirect_url,
    paymentInfo: { ...answer.payment_info, metadata },
  });
  expect(JSON.stringify(kept)).not.toContain('84932568207');
  expect(kept?.paymentInfo?.metadata?.qr_code).toMatch(/^data:image\/png;base64,/);
});

test('stored text of another shape: null when not an object, wrong-typed fields left out', () => {
  for (const text of ['', 'not json', '[]', '"text"', 'null']) expect(readKeptInstructions(text)).toBeNull();
  expect(
    readKeptInstructions(
      JSON.stringify({
        checkout_type: 7,
        redirect_url: 'https://pay.example/x',
        payment_info: {
          amount: '100',
          currency: 'BRL',
          expiration_date: '2030-01-01 00:00:00',
          metadata: ['not', 'an', 'object'],
          secondary_metadata: { reference: 12 },
        },
      }),
    ),
  ).toEqual({
    redirectUrl: 'https://pay.example/x',
    paymentInfo: {
      currency: 'BRL',
      expiration_date: '2030-01-01 00:00:00',
      secondary_metadata: { reference: 12 },
    },
  });
  expect(readKeptInstructions(JSON.stringify({ payment_info: 'x' }))).toEqual({});
});
