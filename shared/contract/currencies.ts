/**
 * Each currency's minor units (the ISO 4217 exponent): how many decimals an amount in it has. The
 * screens show amounts at this precision, and the core compares and adds them at it, so a Chilean
 * peso never shows a decimal in one place and none in another. A code not listed here (a crypto
 * asset, a code the service adds later) has no known precision: its amounts keep the decimals they
 * came with.
 */
export const CURRENCY_MINOR_UNITS = {
  ARS: 2,
  BHD: 3,
  BOB: 2,
  BRL: 2,
  CAD: 2,
  CHF: 2,
  CLF: 4,
  CLP: 0,
  CNY: 2,
  COP: 2,
  CRC: 2,
  DOP: 2,
  EUR: 2,
  GBP: 2,
  GTQ: 2,
  HNL: 2,
  IQD: 3,
  ISK: 0,
  JOD: 3,
  JPY: 0,
  KRW: 0,
  KWD: 3,
  LYD: 3,
  MXN: 2,
  NIO: 2,
  OMR: 3,
  PAB: 2,
  PEN: 2,
  PYG: 0,
  TND: 3,
  USD: 2,
  UYI: 0,
  UYU: 2,
  VES: 2,
  VND: 0,
  XAF: 0,
  XOF: 0,
} as const satisfies Readonly<Record<string, number>>;
