/**
 * The sandbox's fixed reference data: served countries, payment methods, banks, crypto prices.
 * The spec names method codes only by example (see its reported_info table and QuickPay rules);
 * the rest (names, averages, bank details) is made-up but shaped like the real thing.
 */

// Callers read every table through this one module, whichever file holds it.
export { BANKS } from './banks';
export { CASHOUT_REJECTIONS } from './cashout-rejections';
export { COUNTRIES, findCountry } from './countries';
export { STATES } from './country-states';
export { CRYPTO_FEE_PERCENT, CRYPTO_NETWORKS, CRYPTO_USD_PRICES, FIAT_FEE_PERCENT } from './crypto-prices';
export { AVAILABLE, type PaymentMethodSpec } from './method-specs';
export { findMethod, methodsOf, PAYMENT_METHODS } from './payment-methods';
