import type { AuditAction, AuditIds, DepositCreateBody, RefundCreateBody } from '../../../shared/contract';

/**
 * What the journal may say about a request. The journal lines are kept for years and exported to
 * auditors, so they hold no secret and no payer data in the clear: a document, a bank account or
 * a wallet appears masked, and names, e-mails, addresses, phone numbers, free-text comments and
 * URLs (which can carry tokens) are left out. The summary is built field by field from a typed
 * request by the functions below, never by copying an object, so a raw body cannot pass through.
 */

declare const maskedBrand: unique symbol;
/** A value that went through `mask`: only the last characters are visible. */
type Masked = string & { readonly [maskedBrand]: true };

const MASK_PREFIX = '•••••';

/**
 * The one masking function: a fixed run of five bullets (so the length is not revealed) and, for
 * a value long enough to stay secret, its last four letters or digits (two for six or seven,
 * none below six). Separators (spaces, dots, dashes, slashes) are dropped first so that the tail
 * shown is the one a person recognises: `849.325.682-07` → `•••••8207`, `12345678-9` → `•••••6789`.
 */
export function mask(value: string): Masked {
  const significant = value.replace(/[\s./\\-]/g, '');
  const visible = significant.length >= 8 ? 4 : significant.length >= 6 ? 2 : 0;
  return (MASK_PREFIX + (visible > 0 ? significant.slice(-visible) : '')) as Masked;
}

/** True for a string `mask` could have produced: the check the journal runs on every masked field. */
export function looksMasked(value: string): boolean {
  return value.startsWith(MASK_PREFIX) && /^[^•]{0,4}$/.test(value.slice(MASK_PREFIX.length));
}

interface DepositCreateSummary {
  amount: string;
  country: string;
  currency?: string;
  payment_method?: string;
  payer_document?: Masked;
  payer_document_type?: string;
  bank_code?: number;
  bank_account?: Masked;
  crypto_currency?: string;
  crypto_network?: string;
  crypto_wallet?: Masked;
  test?: boolean;
}

interface RefundCreateSummary {
  deposit_id: number;
  invoice_id: string;
  /** Absent only on lines from before the console always sent one: everything that was left (D8). */
  amount?: string;
  /** The deposit's currency, which the journal adds from the preflight (the body has none). */
  currency?: string;
  bank_code?: number;
  bank_account?: Masked;
  bank_account_type?: string;
}

interface CashoutCancelSummary {
  cashout_id: number;
  external_id: string;
}

/**
 * What the client's cashout cancel takes: the two ids, without the cashout login and pass, which
 * the client adds from the vault when it sends (D3), so they never reach the journal or the spool.
 */
interface CashoutCancelRequest {
  cashoutId: number;
  externalId: string;
}

/** The request of each action: what the use-case hands to the payments client (credentials excluded). */
export interface ActionRequests {
  'deposit.create': DepositCreateBody;
  'refund.create': RefundCreateBody;
  'cashout.cancel': CashoutCancelRequest;
}

interface ActionSummaries {
  'deposit.create': DepositCreateSummary;
  'refund.create': RefundCreateSummary;
  'cashout.cancel': CashoutCancelSummary;
}

type RequestSummary = ActionSummaries[AuditAction];

/** Fields of the flat summary that must hold masked values (checked again when a line is written). */
export const MASKED_SUMMARY_FIELDS: readonly string[] = ['payer_document', 'bank_account', 'crypto_wallet'];

// Requests come from code, but this is where data leaves for a file: read each field defensively so
// that a wrongly typed value is dropped rather than written.
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const integer = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
const amountText = (value: unknown): string | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : text(value);
const masked = (value: unknown): Masked | undefined => {
  const raw = text(value);
  return raw === undefined ? undefined : mask(raw);
};

function withoutUndefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

function summariseDepositCreate(body: DepositCreateBody): DepositCreateSummary {
  const account = body.bank_account?.account_number ?? body.reported_info?.bank_account_number;
  return withoutUndefined({
    amount: amountText(body.amount) ?? '',
    country: text(body.country) ?? '',
    currency: text(body.currency),
    payment_method: text(body.payment_method),
    payer_document: masked(body.payer?.document),
    payer_document_type: text(body.payer?.document_type),
    bank_code: integer(body.bank_account?.bank_code),
    bank_account: masked(account),
    crypto_currency: text(body.crypto?.currency),
    crypto_network: text(body.crypto?.network),
    crypto_wallet: masked(body.crypto?.wallet),
    test: typeof body.test === 'boolean' ? body.test : undefined,
  });
}

function summariseRefundCreate(body: RefundCreateBody): RefundCreateSummary {
  return withoutUndefined({
    deposit_id: integer(body.deposit_id) ?? 0,
    invoice_id: text(body.invoice_id) ?? '',
    amount: body.amount === undefined ? undefined : amountText(body.amount),
    bank_code: integer(body.bank_account?.bank_code),
    bank_account: masked(body.bank_account?.account_number),
    bank_account_type: text(body.bank_account?.account_type),
  });
}

function summariseCashoutCancel(request: CashoutCancelRequest): CashoutCancelSummary {
  return { cashout_id: integer(request.cashoutId) ?? 0, external_id: text(request.externalId) ?? '' };
}

/** The ids an action's request names, so the caller need not repeat them. */
export function requestIds<A extends AuditAction>(action: A, request: ActionRequests[A]): AuditIds {
  const kind: AuditAction = action;
  switch (kind) {
    case 'deposit.create': {
      const body = request as DepositCreateBody;
      return withoutUndefined({ invoice_id: text(body.invoice_id) });
    }
    case 'refund.create': {
      const body = request as RefundCreateBody;
      return withoutUndefined({ deposit_id: integer(body.deposit_id), invoice_id: text(body.invoice_id) });
    }
    case 'cashout.cancel': {
      const body = request as CashoutCancelRequest;
      return withoutUndefined({ cashout_id: integer(body.cashoutId), external_id: text(body.externalId) });
    }
  }
  return unknownAction(kind);
}

export function summariseRequest<A extends AuditAction>(
  action: A,
  request: ActionRequests[A],
): RequestSummary {
  const kind: AuditAction = action;
  switch (kind) {
    case 'deposit.create':
      return summariseDepositCreate(request as DepositCreateBody);
    case 'refund.create':
      return summariseRefundCreate(request as RefundCreateBody);
    case 'cashout.cancel':
      return summariseCashoutCancel(request as CashoutCancelRequest);
  }
  return unknownAction(kind);
}

function unknownAction(action: never): never {
  throw new TypeError(`unknown audit action ${String(action)}`);
}
