import { dataOf, errorOf, expect, test } from './console-fixture';

/**
 * D15's reads through the console core (createDispatcher → service → client → the embedded
 * sandbox): the states of a country and the fiat quote, typed, and their refusals by kind.
 */

test('listStates: the typed ISO 3166-2 list of the active environment, refusals by kind', async ({
  openConsole,
}) => {
  const console = openConsole();
  const brazil = dataOf(await console.call('listStates', { country: 'BR' }));
  expect(brazil.record).toHaveLength(27);
  expect(brazil.record).toContainEqual({ iso: 'SP', name: 'São Paulo' });
  expect(brazil.unknownFields).toEqual([]);
  // Same question, same answer: a list a picker and the Reference screen can both keep.
  expect(dataOf(await console.call('listStates', { country: 'BR' })).record).toEqual(brazil.record);
  expect(dataOf(await console.call('listStates', { country: 'PA' })).record).toContainEqual({
    iso: '8',
    name: 'Panamá',
  });

  // Checked at the boundary, before any call: the field is named.
  expect(errorOf(await console.call('listStates', { country: 'br' }))).toMatchObject({
    kind: 'validation',
    field: 'country',
  });
  expect(errorOf(await console.dispatch('paydesk:listStates', { country: 'BR', extra: 1 }))).toMatchObject({
    kind: 'validation',
  });
  // A country the service does not serve: its 400, as a sentence for the user.
  expect(errorOf(await console.call('listStates', { country: 'US' }))).toMatchObject({
    kind: 'validation',
    httpStatus: 400,
    message: expect.stringContaining('does not accept this country'),
  });
});

test('getFiatQuote: USD into the country currency, typed; a bad amount never leaves', async ({
  openConsole,
}) => {
  const console = openConsole();
  const quote = dataOf(await console.call('getFiatQuote', { country: 'CO', amount: 25 })).record;
  expect(quote.currency).toBe('COP');
  expect(quote.converted_amount).toBeCloseTo(25 * quote.fx_rate, 2);
  expect(quote.fee).toBeGreaterThan(0);
  // `amount` left out: the service quotes 1 USD.
  expect(dataOf(await console.call('getFiatQuote', { country: 'CO' })).record.converted_amount).toBe(
    quote.fx_rate,
  );

  for (const amount of [0, -1, 1.005, Number.POSITIVE_INFINITY]) {
    expect(
      errorOf(await console.call('getFiatQuote', { country: 'CO', amount })),
      String(amount),
    ).toMatchObject({
      kind: 'validation',
    });
    expect(console.answers.at(-1)).not.toHaveProperty('error.httpStatus');
  }
  expect(errorOf(await console.call('getFiatQuote', { country: 'ZZ', amount: 5 }))).toMatchObject({
    kind: 'validation',
    httpStatus: 400,
  });
});
