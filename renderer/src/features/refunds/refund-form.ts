import type { BankAccountInput, DraftValues, RefundCreateBody } from '../../../../shared/contract';
import { parseMoneyInput, type MoneyInputProblem } from '../../lib/money-input';

/**
 * The refund form as plain data, its own checks and its request body (D8). Pure: unit-tested in
 * Node under test/unit/renderer. Main checks everything again (refund pre-flight, the client's
 * schema); these checks only say early what would be refused.
 */

export interface RefundFormValues {
  invoiceId: string;
  /** Empty: everything that is left, sent as that exact amount (never left out of the body). */
  amount: string;
  comments: string;
  notificationUrl: string;
  beneficiary: string;
  /** A bank's numeric code as text (the picker's value). */
  bankCode: string;
  branch: string;
  accountNumber: string;
  accountType: string;
}

export function emptyRefundForm(invoiceId = ''): RefundFormValues {
  return {
    invoiceId,
    amount: '',
    comments: '',
    notificationUrl: '',
    beneficiary: '',
    bankCode: '',
    branch: '',
    accountNumber: '',
    accountType: '',
  };
}

/** Inputs named by the body's dotted field path, so a refusal from main lands on its input. */
const REFUND_FIELDS = {
  invoiceId: 'invoice_id',
  amount: 'amount',
  comments: 'comments',
  notificationUrl: 'notification_url',
  beneficiary: 'bank_account.beneficiary',
  bankCode: 'bank_account.bank_code',
  branch: 'bank_account.branch',
  accountNumber: 'bank_account.account_number',
  accountType: 'bank_account.account_type',
} as const satisfies Record<keyof RefundFormValues, string>;
export type RefundInput = keyof RefundFormValues;

/**
 * A money problem is the amount as typed (lib/money-input); the others are the refund's own.
 * `amount_needed`: the amount was left empty, but what is left is not known for sure (main's
 * pre-flight: `remaining` null, or `remainingUncertain`), so "everything that is left" has no
 * amount the confirmation could show.
 */
export type RefundProblem =
  'required' | MoneyInputProblem | 'over_remaining' | 'nothing_left' | 'amount_needed';

/** What main's pre-flight says is left, as the form needs it. */
interface RefundLeft {
  remaining: number | null;
  /** The service's record says more than the console knows: the amount must be typed. */
  uncertain: boolean;
}

const toCents = (amount: number): number => Math.round(amount * 100);

/**
 * The amount typed in the reader's language ("10,50" in pt-BR and es), as a number; null when
 * empty; a problem when it cannot be read exactly.
 */
function parseRefundAmount(text: string, locale: string): number | null | { problem: MoneyInputProblem } {
  const read = parseMoneyInput(text, locale);
  if (read === null) return null;
  return read.ok ? read.value : { problem: read.problem };
}

/** Why the amount would be refused: a number > 0 with at most 2 decimals (D9), within what is left. */
export function refundAmountProblem(text: string, left: RefundLeft, locale: string): RefundProblem | null {
  const { remaining } = left;
  const amount = parseRefundAmount(text, locale);
  if (amount === null) {
    if (remaining === 0) return 'nothing_left';
    return remaining === null || left.uncertain ? 'amount_needed' : null;
  }
  if (typeof amount !== 'number') return amount.problem;
  if (remaining !== null && toCents(amount) > toCents(remaining)) return 'over_remaining';
  return null;
}

/**
 * The bank account goes with the refund when the deposit was not paid by card (D8), or when any
 * of its fields was filled in anyway.
 */
export function sendsBankAccount(values: RefundFormValues, bankAccountRequired: boolean): boolean {
  return (
    bankAccountRequired ||
    [values.beneficiary, values.bankCode, values.branch, values.accountNumber, values.accountType].some(
      (text) => text.trim() !== '',
    )
  );
}

/** Problems by input; an empty object when the form can be sent. */
export function refundProblems(
  values: RefundFormValues,
  { bankAccountRequired, left, locale }: { bankAccountRequired: boolean; left: RefundLeft; locale: string },
): Partial<Record<RefundInput, RefundProblem>> {
  const problems: Partial<Record<RefundInput, RefundProblem>> = {};
  if (values.invoiceId.trim() === '') problems.invoiceId = 'required';
  const amount = refundAmountProblem(values.amount, left, locale);
  if (amount !== null) problems.amount = amount;
  if (bankAccountRequired) {
    // The fields the service needs to pay a bank account back.
    for (const input of ['beneficiary', 'bankCode', 'accountNumber'] as const) {
      if (values[input].trim() === '') problems[input] = 'required';
    }
  }
  return problems;
}

/**
 * The request. An empty amount is "everything that is left", sent as that exact amount (the
 * pre-flight's, when it is certain) so that the amount confirmed is the amount moved; main refuses
 * a refund without one.
 */
export function toRefundBody(
  depositId: number,
  values: RefundFormValues,
  bankAccountRequired: boolean,
  locale: string,
  left: RefundLeft = { remaining: null, uncertain: true },
): RefundCreateBody {
  const body: RefundCreateBody = { deposit_id: depositId, invoice_id: values.invoiceId.trim() };
  // An amount that cannot be read is the form's problem to show; it is never sent.
  const amount = parseRefundAmount(values.amount, locale);
  if (typeof amount === 'number') body.amount = amount;
  else if (amount === null && !left.uncertain && left.remaining !== null && left.remaining > 0) {
    body.amount = left.remaining;
  }
  if (sendsBankAccount(values, bankAccountRequired)) {
    const account: BankAccountInput = {};
    const text = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());
    const beneficiary = text(values.beneficiary);
    const branch = text(values.branch);
    const accountNumber = text(values.accountNumber);
    const accountType = text(values.accountType);
    if (beneficiary !== undefined) account.beneficiary = beneficiary;
    if (values.bankCode.trim() !== '') account.bank_code = Number(values.bankCode.trim());
    if (branch !== undefined) account.branch = branch;
    if (accountNumber !== undefined) account.account_number = accountNumber;
    if (accountType !== undefined) account.account_type = accountType;
    body.bank_account = account;
  }
  if (values.comments.trim() !== '') body.comments = values.comments.trim();
  if (values.notificationUrl.trim() !== '') body.notification_url = values.notificationUrl.trim();
  return body;
}

/** The input a refusal of createRefund names (`body.bank_account.bank_code` → bankCode), if any. */
export function inputOfRefusal(field: string | undefined): RefundInput | null {
  if (field === undefined) return null;
  const path = field.startsWith('body.') ? field.slice('body.'.length) : field;
  const match = (Object.entries(REFUND_FIELDS) as Array<[RefundInput, string]>).find(
    ([, name]) => name === path,
  );
  if (match) return match[0];
  // `bank_account` as a whole: the first of its inputs carries the message.
  return path === 'bank_account' ? 'beneficiary' : null;
}

/** The refund form as a draft main keeps: its inputs and the deposit they refund. */
export function refundDraftOf(depositId: number, values: RefundFormValues): DraftValues {
  return { depositId: String(depositId), ...values };
}

/** The deposit a refund draft is for, or null. */
export function depositOfRefundDraft(draft: DraftValues): number | null {
  const id = draft.depositId;
  return typeof id === 'string' && /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null;
}

/** A saved draft back into the form of `depositId`; null when the draft is another deposit's. */
export function refundFormOfDraft(depositId: number, draft: DraftValues): RefundFormValues | null {
  if (depositOfRefundDraft(draft) !== depositId) return null;
  const form = emptyRefundForm();
  for (const input of Object.keys(form) as RefundInput[]) {
    const text = draft[input];
    if (typeof text === 'string') form[input] = text;
  }
  return form;
}
