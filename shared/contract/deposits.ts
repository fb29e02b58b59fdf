/** Deposits: the service's records (its own field names), the body that creates one, and the checks before it. */
import type { Fetched, JsonObject, MessageText, MutationMeta } from './results';
import { method, type ApiOf } from './method';

export const DEPOSIT_STATUSES = [
  'CREATED',
  'PENDING',
  'COMPLETED',
  'EXPIRED',
  'CANCELLED',
  'EARLY RELEASED',
  'FOR REVIEW',
] as const;

interface PayerAddress {
  street?: string;
  city?: string;
  state?: string;
  zip_code?: string;
}

interface CardDetail {
  card_holder?: string;
  brand?: string;
  masked_card?: string;
  expiration?: string;
  card_type?: string;
  transaction_result?: string;
}

interface DepositPayer {
  document?: string;
  document_type?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  address?: PayerAddress;
}

/** Deposit status record. Conditional fields stay absent when the service leaves them out. */
export interface DepositStatus {
  deposit_id: number;
  /** Canonical spelling (`EARLY RELEASED`, `FOR REVIEW`, D9); an unknown status as it came. */
  status: string;
  user_id?: string;
  invoice_id?: string;
  country?: string;
  currency?: string;
  local_amount?: number;
  /** Non-final records carry `amount` instead of `local_amount`. */
  amount?: number;
  usd_amount?: number;
  bonus_amount?: number;
  bonus_relative?: boolean;
  payment_method?: string;
  payment_type?: string;
  payer?: DepositPayer;
  fee_amount?: number;
  fee_currency?: string;
  card_detail?: CardDetail;
  refunded?: boolean;
  current_payer_verification?: string;
}

interface PaymentInfo {
  type?: string;
  payment_method?: string;
  payment_method_name?: string;
  amount?: number;
  currency?: string;
  /** `yyyy-MM-dd HH:mm:ss`, the service's clock (UTC). */
  expiration_date?: string;
  created_at?: string;
  metadata?: JsonObject;
  secondary_metadata?: JsonObject;
}

export interface DepositCreated {
  checkout_type: 'ONE_SHOT' | 'HOSTED' | string;
  redirect_url?: string;
  iframe?: boolean;
  deposit_id: number;
  user_id?: string;
  merchant_invoice_id?: string;
  payment_info?: PaymentInfo;
}

// ---------------------------------------------------------------------------------------------
// What the console sends (the service's own shape)
// ---------------------------------------------------------------------------------------------

interface PayerInput {
  id?: string;
  document?: string;
  document_type?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  address?: PayerAddress;
  phone?: string;
  /** `yyyyMMdd` */
  birth_date?: string;
  /** `yyyyMMdd` */
  registration_date?: string;
}

export interface ReportedInfoInput {
  bank_account_number?: string;
  bank_branch?: string;
  bank_beneficiary?: string;
  bank_account_type?: string;
}

export const CRYPTO_CURRENCIES = ['BUSD', 'DAI', 'RDOC', 'USDT', 'USDC'] as const;
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

interface CryptoInput {
  currency: string;
  wallet: string;
  network: string;
}

export interface BankAccountInput {
  beneficiary?: string;
  bank_code?: number;
  branch?: string;
  account_number?: string;
  account_type?: string;
}

/** POST /v3/deposits body. Only `amount` and `country` are required (the rest is collected on HOSTED). */
export interface DepositCreateBody {
  amount: number | string;
  country: string;
  invoice_id?: string;
  currency?: string;
  payer?: PayerInput;
  payment_method?: string;
  description?: string;
  client_ip?: string;
  device_id?: string;
  back_url?: string;
  success_url?: string;
  error_url?: string;
  notification_url?: string;
  logo?: string;
  test?: boolean;
  mobile?: boolean;
  language?: string;
  bank_account?: BankAccountInput;
  early_release?: boolean;
  fee_on_payer?: boolean;
  surcharge_on_payer?: boolean;
  bonus_amount?: number;
  bonus_relative?: boolean;
  strikethrough_price?: number;
  reported_info?: ReportedInfoInput;
  crypto?: CryptoInput;
}

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

export interface FieldIssue {
  field: string;
  /** English, for the CLI and logs; the renderer shows `text`. */
  message: string;
  text?: MessageText;
}

export interface DepositCheck {
  /** Empty when the body can be sent. */
  issues: FieldIssue[];
  /** What the service will answer (D9). */
  expectedFlow: 'ONE_SHOT' | 'HOSTED';
  quickPay: boolean;
  /** reported_info fields the chosen method requires, with their masks (for the form's hints). */
  reportedInfoRules: Array<{
    field: keyof ReportedInfoInput;
    /** The mask in English (CLI); `maskText` is the same for the renderer. */
    mask: string | null;
    maskText?: MessageText;
  }>;
  /**
   * What a wallet address on the chosen crypto network looks like, for the form's hint: in English
   * (CLI) and as a text key. Absent while no network is chosen.
   */
  walletFormat?: { describe: string; text: MessageText };
}

export interface DepositCreateOutcome {
  created: Fetched<DepositCreated>;
  idempotencyKey: string;
  intentId: string | null;
}

export const DEPOSIT_METHODS = {
  getDeposit: method<{ depositId: number }, Fetched<DepositStatus>>(),

  checkDeposit: method<{ body: DepositCreateBody }, DepositCheck>(),

  createDeposit: method<{ body: DepositCreateBody } & MutationMeta, DepositCreateOutcome>(),
};
export type DepositsApi = ApiOf<typeof DEPOSIT_METHODS>;
