import { z } from 'zod';
import type { ReferenceApi } from '../../../shared/contract';
import { countrySchema, currencySchema } from '../payments';
import { listBanks } from '../payments/banks';
import { getCryptoQuote, getFiatQuote } from '../payments/crypto';
import { listPaymentMethods } from '../payments/payment-methods';
import { listStates } from '../payments/states';
import { finite } from './arg-parts';
import { onActive } from './context';
import type { ConsoleMethods } from './method';

/** Reference data, read from the service on the active environment. */
export const REFERENCE_HANDLERS: ConsoleMethods<keyof ReferenceApi> = {
  listPaymentMethods: {
    arg: z.strictObject({ country: countrySchema }),
    handle: (context, arg) =>
      onActive(context, (connection) => connection.client.read(listPaymentMethods, arg.country)),
  },

  listBanks: {
    arg: z.strictObject({ country: countrySchema }),
    handle: (context, arg) =>
      onActive(context, (connection) => connection.client.read(listBanks, arg.country)),
  },

  getCryptoQuote: {
    arg: z.strictObject({ currency: currencySchema, amount: finite.optional(), crypto: z.string().max(10) }),
    handle: (context, arg) =>
      onActive(context, (connection) =>
        connection.client.read(getCryptoQuote, {
          currency: arg.currency,
          crypto: arg.crypto,
          ...(arg.amount !== undefined && { amount: arg.amount }),
        }),
      ),
  },

  listStates: {
    arg: z.strictObject({ country: countrySchema }),
    handle: (context, arg) =>
      onActive(context, (connection) => connection.client.read(listStates, arg.country)),
  },

  getFiatQuote: {
    arg: z.strictObject({ country: countrySchema, amount: finite.optional() }),
    handle: (context, arg) =>
      onActive(context, (connection) =>
        connection.client.read(getFiatQuote, {
          country: arg.country,
          ...(arg.amount !== undefined && { amount: arg.amount }),
        }),
      ),
  },
};
