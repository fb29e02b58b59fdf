import type { Json } from './answer';
import type { BankAccountInput, PayerInput, ReportedInfoInput } from './body-rules';
import { createRandom, type Random } from './random';
import type { CashoutStatus, DepositStatus, RefundStatus } from './state-machines';

/** In-memory records. Amounts are integer cents so partial refunds add up exactly. */
export interface CardDetail {
  card_holder: string;
  brand: string;
  masked_card: string;
  expiration: string;
  card_type: 'CREDIT' | 'DEBIT';
  transaction_result: string;
}

export interface DepositRecord {
  id: number;
  invoiceId: string;
  userId: string;
  country: string;
  currency: string;
  amountCents: number;
  bonusAmount: number | null;
  bonusRelative: boolean | null;
  /** Chosen payment method code; absent until chosen (spec display rule). */
  methodCode?: string;
  status: DepositStatus;
  checkoutType: 'ONE_SHOT' | 'HOSTED';
  /** Names the hosted checkout page of this deposit (redirect_url). */
  checkoutToken: string;
  payer: PayerInput;
  reportedInfo: ReportedInfoInput;
  /** As sent (D14): bank_code keeps its type, "001" stays "001". */
  bankAccount?: BankAccountInput;
  earlyRelease: boolean;
  notificationUrl?: string;
  backUrl?: string;
  successUrl?: string;
  createdAt: number;
  expiresAt: number;
  expiredAt?: number;
  paymentInfo?: { [key: string]: Json };
  cardDetail?: CardDetail;
  /** Spec: shown only when not null. */
  currentPayerVerification?: string;
}

export interface RefundRecord {
  id: number;
  depositId: number;
  amountCents: number;
  status: RefundStatus;
  /** As sent (D14): bank_code keeps its type, "001" stays "001". */
  bankAccount?: BankAccountInput;
  notificationUrl?: string;
  /** Spec: refund `amount` is "absent in some samples"; one seeded refund reproduces that. */
  hideAmount?: boolean;
  createdAt: number;
}

export interface CashoutRecord {
  id: number;
  externalId: string;
  amountCents: number;
  currency: string;
  country: string;
  status: CashoutStatus;
  rejectionCode?: number;
  rejectionReason?: string;
  createdAt: number;
}

interface SubMerchantRecord {
  sub_merchant_id: number;
  markup_fee: number;
  sub_merchant_name: string;
  email: string;
  status: 'ACTIVE' | 'INACTIVE';
  external_submerchant_id?: string;
  balance?: { currency: string; total: number; usable: number; available: number };
}

/**
 * Every record the sandbox holds, plus the seeded stream that names new ones. Built afresh on
 * reset, so a reset gives back exactly the seeded state.
 */
export class SandboxState {
  readonly deposits = new Map<number, DepositRecord>();
  readonly refunds = new Map<number, RefundRecord>();
  readonly cashouts = new Map<number, CashoutRecord>();
  readonly subMerchants = new Map<number, SubMerchantRecord>();
  /** Draws for new ids, generated invoice/user ids, references, bar codes. */
  readonly random: Random;
  #nextDepositId: number;
  #nextRefundId: number;
  #nextCashoutId: number;
  #nextToken = 1;

  constructor(seed: number) {
    this.random = createRandom(seed, 'runtime');
    const ids = createRandom(seed, 'id-bases');
    this.#nextDepositId = 300_100_000 + ids.int(0, 899) * 1000;
    this.#nextRefundId = 1000 + ids.int(0, 899) * 10;
    this.#nextCashoutId = 20_000 + ids.int(0, 899) * 10;
  }

  newDepositId(): number {
    return this.#nextDepositId++;
  }

  newRefundId(): number {
    return this.#nextRefundId++;
  }

  newCashoutId(): number {
    return this.#nextCashoutId++;
  }

  /** Opaque but deterministic name of a checkout page. */
  newCheckoutToken(): string {
    return `${this.random.text(12, 'abcdefghijkmnpqrstuvwxyz23456789')}${(this.#nextToken++).toString(36)}`;
  }

  findDepositByToken(token: string): DepositRecord | undefined {
    for (const deposit of this.deposits.values()) if (deposit.checkoutToken === token) return deposit;
    return undefined;
  }

  findCashoutByExternalId(externalId: string): CashoutRecord | undefined {
    for (const cashout of this.cashouts.values()) if (cashout.externalId === externalId) return cashout;
    return undefined;
  }
}
