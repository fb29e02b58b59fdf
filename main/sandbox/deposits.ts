import type { Answer, Json } from './answer';
import { ok } from './answer';
import {
  depositCreateSchema,
  describeFirstIssue,
  type PayerInput,
  type ReportedInfoInput,
} from './body-rules';
import { DAY_MS, MINUTE_MS } from './clock';
import { serviceError } from './errors';
import { buildPaymentInfo } from './payment-info';
import {
  AVAILABLE,
  COUNTRIES,
  findCountry,
  findMethod,
  methodsOf,
  type PaymentMethodSpec,
} from './reference-data';
import { DEPOSIT_MOVES, findMove, type DepositStatus } from './state-machines';
import type { CardDetail, DepositRecord } from './state';
import { centsToAmount, roundTo, type MoveOutcome, type World } from './world';

/** A HOSTED deposit waits this long for the payer to open the checkout. */
const HOSTED_EXPIRY_MINUTES = 24 * 60;
/** Spec Limits: an EXPIRED deposit is CANCELLED 7 days after expiry. */
const CANCEL_AFTER_EXPIRY_MS = 7 * DAY_MS;
/** The merchant balance currency of fee_amount (spec: "fee in the merchant balance currency"). */
const MERCHANT_BALANCE_CURRENCY = 'USD';

/** Statuses whose record shows `local_amount`; the others show `amount` (spec: non-final samples). */
const SETTLED_STATUSES: ReadonlySet<DepositStatus> = new Set(['COMPLETED', 'EARLY RELEASED', 'CANCELLED']);

/** D9: the details a method needs for ONE_SHOT, as field paths; empty when nothing is missing. */
export function missingDetails(
  method: PaymentMethodSpec,
  payer: PayerInput,
  reportedInfo: ReportedInfoInput,
): string[] {
  const missing: string[] = [];
  for (const field of ['document', 'email', 'first_name', 'last_name'] as const) {
    if (!payer[field]) missing.push(`payer.${field}`);
  }
  for (const rule of method.reportedInfo) {
    if (!reportedInfo[rule.field]) missing.push(`reported_info.${rule.field}`);
  }
  return missing;
}

/** Spec reported_info table: a field the method requires must follow its mask when given. */
export function reportedInfoProblem(
  method: PaymentMethodSpec,
  reportedInfo: ReportedInfoInput,
): string | undefined {
  for (const rule of method.reportedInfo) {
    const value = reportedInfo[rule.field];
    if (value !== undefined && !rule.pattern.test(value)) {
      return `reported_info.${rule.field}: must match the format of method ${method.code}: ${rule.mask}`;
    }
  }
  return undefined;
}

const presentKeys = (object: object): string[] =>
  Object.entries(object)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);

/** D9 and the spec's QuickPay rule. */
function checkoutTypeFor(
  method: PaymentMethodSpec | undefined,
  payer: PayerInput | undefined,
  reportedInfo: ReportedInfoInput | undefined,
): 'ONE_SHOT' | 'HOSTED' {
  if (!method) return 'HOSTED';
  const quickPayMexico =
    method.country === 'MX' &&
    method.type === 'BANK_TRANSFER' &&
    payer !== undefined &&
    presentKeys(payer).join() === 'id';
  const quickPayBrazil = method.country === 'BR' && method.instructions === 'instant' && payer === undefined;
  if (quickPayMexico || quickPayBrazil) return 'ONE_SHOT';
  return missingDetails(method, payer ?? {}, reportedInfo ?? {}).length === 0 ? 'ONE_SHOT' : 'HOSTED';
}

/** Checks a deposit body against the rules that need the country or method, after the schema. */
function crossFieldProblem(
  input: ReturnType<typeof depositCreateSchema.parse>,
): { description: string } | { method: PaymentMethodSpec | undefined } {
  const country = findCountry(input.country);
  if (!country) {
    return { description: `country: not served (served: ${COUNTRIES.map((c) => c.code).join(', ')})` };
  }
  if (input.currency !== undefined && input.currency !== country.currency) {
    return { description: `currency: must be ${country.currency} for ${country.code}` };
  }
  const documentType = input.payer?.document_type;
  if (documentType !== undefined && !country.documentTypes.includes(documentType)) {
    return {
      description: `payer.document_type: must be one of ${country.documentTypes.join(', ')} for ${country.code}`,
    };
  }
  if (input.payment_method === undefined) return { method: undefined };
  const method = findMethod(country.code, input.payment_method);
  if (!method) return { description: `payment_method: not offered in ${country.code}` };
  if (method.status !== AVAILABLE) return { description: 'payment_method: momentarily unavailable' };
  const problem = reportedInfoProblem(method, input.reported_info ?? {});
  return problem ? { description: problem } : { method };
}

/** POST /v3/deposits (spec endpoint 4, D9). */
export async function createDeposit(world: World, body: unknown): Promise<Answer> {
  const parsed = depositCreateSchema.safeParse(body);
  if (!parsed.success) return serviceError('invalidBody', describeFirstIssue(parsed.error));
  const input = parsed.data;
  const checked = crossFieldProblem(input);
  if ('description' in checked) return serviceError('invalidBody', checked.description);
  const method = checked.method;
  const country = findCountry(input.country);
  if (!country) return serviceError('invalidBody', 'country: not served');

  const { state, businessClock } = world;
  const now = businessClock.now();
  const checkoutType = checkoutTypeFor(method, input.payer, input.reported_info);
  const payer: PayerInput = { ...(input.payer ?? {}) };
  const deposit: DepositRecord = {
    id: state.newDepositId(),
    invoiceId: input.invoice_id ?? `sbx-inv-${state.random.text(10, '0123456789abcdef')}`,
    userId: payer.id ?? `sbxu${state.random.text(12)}`,
    country: country.code,
    currency: country.currency,
    amountCents: input.amount,
    bonusAmount: input.bonus_amount ?? null,
    bonusRelative: input.bonus_relative ?? null,
    status: checkoutType === 'ONE_SHOT' ? 'PENDING' : 'CREATED',
    checkoutType,
    checkoutToken: state.newCheckoutToken(),
    payer,
    reportedInfo: { ...(input.reported_info ?? {}) },
    earlyRelease: input.early_release === true,
    createdAt: now,
    expiresAt:
      now +
      (checkoutType === 'ONE_SHOT' && method ? method.expiresInMinutes : HOSTED_EXPIRY_MINUTES) * MINUTE_MS,
  };
  if (method) deposit.methodCode = method.code;
  if (input.bank_account) deposit.bankAccount = { ...input.bank_account };
  if (input.notification_url) deposit.notificationUrl = input.notification_url;
  if (input.back_url) deposit.backUrl = input.back_url;
  if (input.success_url) deposit.successUrl = input.success_url;
  state.deposits.set(deposit.id, deposit);
  world.depositsChanged();

  const answer: { [key: string]: Json } = {
    checkout_type: checkoutType,
    redirect_url: `${world.baseUrl}/checkout/${deposit.checkoutToken}`,
    iframe: false,
    deposit_id: deposit.id,
    user_id: deposit.userId,
    merchant_invoice_id: deposit.invoiceId,
  };
  if (checkoutType === 'ONE_SHOT' && method) {
    deposit.paymentInfo = await buildPaymentInfo(world, deposit, method);
    answer.payment_info = deposit.paymentInfo;
  }
  return ok(answer);
}

/** D8: a deposit is `refunded` once one of its refunds is COMPLETED. */
function isRefunded(world: World, depositId: number): boolean {
  for (const refund of world.state.refunds.values()) {
    if (refund.depositId === depositId && refund.status === 'COMPLETED') return true;
  }
  return false;
}

/** The payer as the status record shows it: only values sent or collected (spec). */
function shownPayer(payer: PayerInput): { [key: string]: Json } | undefined {
  const shown: { [key: string]: Json } = {};
  for (const field of ['document', 'document_type', 'email', 'first_name', 'last_name'] as const) {
    const value = payer[field];
    if (value !== undefined) shown[field] = value;
  }
  if (payer.address) {
    const address = Object.fromEntries(
      (['city', 'state', 'street', 'zip_code'] as const)
        .filter((field) => payer.address?.[field] !== undefined)
        .map((field) => [field, payer.address?.[field] ?? '']),
    );
    if (Object.keys(address).length > 0) shown.address = address;
  }
  return Object.keys(shown).length > 0 ? shown : undefined;
}

/** Spec "Deposit: status record" with its display rules; conditional fields stay absent. */
export function depositStatusRecord(world: World, deposit: DepositRecord): { [key: string]: Json } {
  const amount = centsToAmount(deposit.amountCents);
  if (deposit.status === 'CREATED') {
    // Spec endpoint 5: a CREATED record holds exactly these fields.
    return {
      user_id: deposit.userId,
      deposit_id: deposit.id,
      invoice_id: deposit.invoiceId,
      currency: deposit.currency,
      amount,
      bonus_amount: deposit.bonusAmount,
      status: deposit.status,
    };
  }
  const country = findCountry(deposit.country);
  const usdAmount = roundTo(amount / (country?.unitsPerUsd ?? 1), 2);
  const record: { [key: string]: Json } = {
    user_id: deposit.userId,
    deposit_id: deposit.id,
    invoice_id: deposit.invoiceId,
    country: deposit.country,
    currency: deposit.currency,
  };
  if (SETTLED_STATUSES.has(deposit.status)) record.local_amount = amount;
  else record.amount = amount;
  record.usd_amount = usdAmount;
  record.bonus_amount = deposit.bonusAmount;
  // Samples write bonus_relative as a string.
  if (deposit.bonusAmount !== null) record.bonus_relative = String(deposit.bonusRelative ?? false);
  const method = deposit.methodCode ? findMethod(deposit.country, deposit.methodCode) : undefined;
  if (method) {
    record.payment_method = method.code;
    record.payment_type = method.type;
  }
  record.status = deposit.status;
  const payer = shownPayer(deposit.payer);
  if (payer) record.payer = payer;
  if (method) {
    record.fee_amount = roundTo((usdAmount * method.feePercent) / 100, 2);
    record.fee_currency = MERCHANT_BALANCE_CURRENCY;
  }
  if (deposit.cardDetail) record.card_detail = { ...deposit.cardDetail };
  record.refunded = isRefunded(world, deposit.id);
  if (deposit.currentPayerVerification !== undefined) {
    record.current_payer_verification = deposit.currentPayerVerification;
  }
  return record;
}

function cardDetailFor(deposit: DepositRecord, method: PaymentMethodSpec, world: World): CardDetail {
  const random = world.state.random;
  const holder =
    [deposit.payer.first_name, deposit.payer.last_name].filter(Boolean).join(' ') || 'CARD HOLDER';
  const visa = method.code === 'VI';
  const expiryYear = new Date(world.businessClock.now()).getUTCFullYear() + random.int(1, 5);
  return {
    card_holder: holder.toUpperCase(),
    brand: visa ? 'VISA' : 'MASTERCARD',
    masked_card: `${visa ? '411111' : '555555'}******${random.digits(4)}`,
    expiration: `${expiryYear}-${String(random.int(1, 12)).padStart(2, '0')}`,
    card_type: random.pick(['CREDIT', 'DEBIT'] as const),
    transaction_result: 'Approved',
  };
}

interface DepositMoveOptions {
  /** For CREATED → PENDING outside the checkout page: the method the payer chose. */
  paymentMethod?: string;
  /** When the move happened (time-driven moves happen at their deadline, not at the sweep). */
  at?: number;
}

/** Applies one row of DEPOSIT_MOVES, or says why it may not happen. */
export function moveDeposit(
  world: World,
  deposit: DepositRecord,
  to: DepositStatus,
  options: DepositMoveOptions = {},
): MoveOutcome {
  const from = deposit.status;
  const found = findMove(DEPOSIT_MOVES, from, to);
  if (!found.ok) return found;
  if (found.move.guard === 'early_release_requested' && !deposit.earlyRelease) {
    return { ok: false, reason: 'EARLY RELEASED is used only when early_release was sent in the request' };
  }
  if (from === 'CREATED' && to === 'PENDING') {
    const code = options.paymentMethod ?? deposit.methodCode;
    const method = code
      ? findMethod(deposit.country, code)
      : methodsOf(deposit.country).find((candidate) => candidate.status === AVAILABLE);
    if (!method)
      return { ok: false, reason: `payment method ${code ?? '(none)'} is not offered in ${deposit.country}` };
    if (method.status !== AVAILABLE)
      return { ok: false, reason: `payment method ${method.code} is momentarily unavailable` };
    deposit.methodCode = method.code;
    deposit.expiresAt = (options.at ?? world.businessClock.now()) + method.expiresInMinutes * MINUTE_MS;
  }
  if (to === 'EXPIRED') deposit.expiredAt = options.at ?? world.businessClock.now();
  if (to === 'COMPLETED' || to === 'EARLY RELEASED') {
    const method = deposit.methodCode ? findMethod(deposit.country, deposit.methodCode) : undefined;
    if (method?.type === 'CREDIT_CARD' && !deposit.cardDetail)
      deposit.cardDetail = cardDetailFor(deposit, method, world);
    // The spec leaves the strings open (a sample shows UNMATCHED); these four carry its meanings.
    deposit.currentPayerVerification ??= deposit.payer.document ? 'MATCHED' : 'NO_DOCUMENT';
  }
  deposit.status = to;
  world.depositsChanged();
  world.notify('deposit', deposit.id, to, deposit.notificationUrl);
  return { ok: true, from, to };
}

/**
 * Time-driven moves: CREATED/PENDING → EXPIRED at expiration_date, EXPIRED → CANCELLED 7 days
 * later. Returns the next time something is due, so callers can skip work until then.
 */
export function expireDeposits(world: World): number {
  const now = world.businessClock.now();
  let nextDue = Number.POSITIVE_INFINITY;
  for (const deposit of world.state.deposits.values()) {
    if ((deposit.status === 'CREATED' || deposit.status === 'PENDING') && deposit.expiresAt <= now) {
      moveDeposit(world, deposit, 'EXPIRED', { at: deposit.expiresAt });
    }
    if (
      deposit.status === 'EXPIRED' &&
      deposit.expiredAt !== undefined &&
      deposit.expiredAt + CANCEL_AFTER_EXPIRY_MS <= now
    ) {
      moveDeposit(world, deposit, 'CANCELLED', { at: deposit.expiredAt + CANCEL_AFTER_EXPIRY_MS });
    }
    if (deposit.status === 'CREATED' || deposit.status === 'PENDING')
      nextDue = Math.min(nextDue, deposit.expiresAt);
    if (deposit.status === 'EXPIRED' && deposit.expiredAt !== undefined) {
      nextDue = Math.min(nextDue, deposit.expiredAt + CANCEL_AFTER_EXPIRY_MS);
    }
  }
  return nextDue;
}
