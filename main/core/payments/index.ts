/** The payments-service client: what the rest of the console may use. */
export type { PaymentsClientOptions } from './client';
export { PaymentsClient, createPaymentsClient } from './client';
export type { CallOptions, CreateOptions, Created } from './calls';
export type { ClockListener, ClockState, ClockStatus, ServerClockOptions } from './clock';
export { CLOCK_LIMITS, ServerClock } from './clock';
export type { Credentials, CredentialsProvider, CredentialsSource } from './credentials';
export type { CryptoQuoteQuery, FiatQuoteQuery } from './crypto';
export type { Endpoint, ServiceErrorRow } from './errors';
export { SERVICE_ERROR_TABLE } from './errors';
export type { ReportedInfoRule } from './inputs';
export {
  CAIXA_ACCOUNT_TYPES,
  REPORTED_INFO_RULES,
  amountNumberSchema,
  amountSchema,
  bankAccountInputSchema,
  cashoutCancelSchema,
  cashoutRefSchema,
  checkId,
  checkInput,
  countrySchema,
  cryptoInputSchema,
  cryptoQuoteQuerySchema,
  fiatQuoteQuerySchema,
  currencySchema,
  depositCreateBodySchema,
  externalIdSchema,
  idSchema,
  idTextSchema,
  idempotencyKeySchema,
  payerInputSchema,
  refundCreateBodySchema,
  reportedInfoInputSchema,
  rulesForMethod,
} from './inputs';
export type { WalletFormat } from './wallets';
export { WALLET_FORMAT_DESCRIBE, WALLET_FORMAT_OF, WALLET_HINT_KEY, walletIssue } from './wallets';
export { accountOrigin, isLoopbackHost, validateBaseUrl } from './base-url';
export type { ServiceAccount } from './account';
export { accountFor, sandboxWorldAccount, serviceAccount } from './account';
export type { RetryPolicy } from './transport';
export { TRANSPORT_DEFAULTS } from './transport';
export type { Exchange, StopHook, WireHeaders, WireRequest, WireResult } from './wire';
export { httpExchange } from './wire';
