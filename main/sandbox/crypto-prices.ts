/** What the sandbox charges and prices for its fiat and crypto quotes. */

/** D15 fiat quote: fee of converting USD into the local currency, percent of the converted amount. */
export const FIAT_FEE_PERCENT = 1.5;

/** Spec, crypto object: the currencies a deposit can be credited in, priced in USD. */
export const CRYPTO_USD_PRICES: Readonly<Record<string, number>> = {
  BUSD: 1,
  DAI: 1.0002,
  RDOC: 0.9995,
  USDT: 1.0001,
  USDC: 0.9999,
};
export const CRYPTO_NETWORKS = [
  'AVAXC',
  'BEP2',
  'BEP20',
  'ERC20',
  'Polygon',
  'Solana',
  'TRC20',
  'Tezos',
  'RSK',
] as const;
/** Fee of a crypto conversion, percent of the converted amount. */
export const CRYPTO_FEE_PERCENT = 1;
