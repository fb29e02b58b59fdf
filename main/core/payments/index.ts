/** The payments-service client: what the rest of the console may use. */
export type { PaymentsClientOptions } from './client';
export { PaymentsClient, createPaymentsClient } from './client';
export type { ClockStatus, ServerClockOptions } from './clock';
export { ServerClock } from './clock';
export type { Credentials, CredentialsSource } from './credentials';
export {
  CAIXA_ACCOUNT_TYPES,
  REPORTED_INFO_RULES,
  amountNumberSchema,
  bankAccountInputSchema,
  cashoutCancelSchema,
  cashoutRefSchema,
  checkId,
  checkInput,
  countrySchema,
  cryptoQuoteQuerySchema,
  currencySchema,
  depositCreateBodySchema,
  externalIdSchema,
  idSchema,
  idTextSchema,
  idempotencyKeySchema,
  maskText,
  refundCreateBodySchema,
  rulesForMethod,
} from './inputs';
export { WALLET_FORMAT_DESCRIBE, WALLET_FORMAT_OF, WALLET_HINT_KEY, walletIssue } from './wallets';
export { accountOrigin, isLoopbackHost, validateBaseUrl } from './base-url';
export type { ServiceAccount } from './account';
export { accountFor, sandboxWorldAccount, serviceAccount } from './account';
export type { AnswerSpec } from './schemas';
export { ANSWERS, parseAnswer } from './schemas';
export { TRANSPORT_DEFAULTS } from './transport';
export type { Exchange, WireRequest } from './wire';
export { httpExchange } from './wire';
