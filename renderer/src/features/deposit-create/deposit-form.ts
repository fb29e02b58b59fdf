import type {
  ConsoleError,
  DepositCreateBody,
  DraftValues,
  FieldIssue,
  JsonObject,
} from '../../../../shared/contract';
import { parseMoneyInput, type MoneyInputOptions, type MoneyInputProblem } from '../../lib/money-input';
import { REFERENCE_COUNTRIES } from '../reference/reference-data';

/**
 * The create-deposit form as plain data, and its translation into a request body. Pure (no DOM,
 * no React): unit-tested in Node under test/unit/renderer. The rules themselves (limits, masks,
 * which flow the service will answer) are main's: the form asks checkDeposit, never re-implements
 * them.
 */

/** What the user means to create; the flow the service answers is still decided by the body (D9). */
export const DEPOSIT_MODES = ['one_shot', 'hosted', 'quick_pay'] as const;
export type DepositMode = (typeof DEPOSIT_MODES)[number];

/** QuickPay (spec, D9): one method per country; Mexico's takes a payer of `id` only, Brazil's none. */
export const QUICK_PAY_METHODS = { BR: 'IX', MX: 'SE' } as const;
type QuickPayCountry = keyof typeof QUICK_PAY_METHODS;
export const QUICK_PAY_COUNTRIES = Object.keys(QUICK_PAY_METHODS) as QuickPayCountry[];

export function isQuickPayCountry(country: string): country is QuickPayCountry {
  return Object.hasOwn(QUICK_PAY_METHODS, country);
}

/**
 * Every text input, named by the body's dotted field path: main's issues (`payer.email`) land on
 * the input of the same name with no mapping table.
 */
export const TEXT_FIELDS = [
  'amount',
  'country',
  'currency',
  'invoice_id',
  'payment_method',
  'description',
  'payer.id',
  'payer.document_type',
  'payer.document',
  'payer.email',
  'payer.first_name',
  'payer.last_name',
  'payer.phone',
  'payer.birth_date',
  'payer.registration_date',
  'payer.address.street',
  'payer.address.city',
  'payer.address.state',
  'payer.address.zip_code',
  'reported_info.bank_beneficiary',
  'reported_info.bank_branch',
  'reported_info.bank_account_number',
  'reported_info.bank_account_type',
  'crypto.currency',
  'crypto.network',
  'crypto.wallet',
  'notification_url',
  'back_url',
  'success_url',
  'error_url',
  'logo',
  'client_ip',
  'device_id',
  'language',
  'bonus_amount',
  'strikethrough_price',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Yes/no fields; sent only when ticked (bonus_relative only with a bonus). */
export const FLAG_FIELDS = [
  'test',
  'mobile',
  'early_release',
  'fee_on_payer',
  'surcharge_on_payer',
  'bonus_relative',
] as const;
export type FlagField = (typeof FLAG_FIELDS)[number];

/**
 * Inputs that hold money, typed in the reader's language (lib/money-input). Reading them refuses
 * what is not a plain amount in that language (a letter, a minus sign, a misplaced separator);
 * how many decimals and whether 0 will do are main's rules (D9), judged on the amount as read.
 */
export const MONEY_FIELDS = ['amount', 'bonus_amount', 'strikethrough_price'] as const;
export type MoneyField = (typeof MONEY_FIELDS)[number];
const MONEY_READING: MoneyInputOptions = { allowZero: true, maxDecimals: 20 };
const isMoneyField = (field: TextField): field is MoneyField =>
  (MONEY_FIELDS as readonly string[]).includes(field);

/** What each money input's text cannot be read as, in `locale`; empty inputs are not a problem here. */
export function moneyProblems(
  values: DepositFormValues,
  locale: string,
): Partial<Record<MoneyField, MoneyInputProblem>> {
  const problems: Partial<Record<MoneyField, MoneyInputProblem>> = {};
  for (const field of MONEY_FIELDS) {
    const read = parseMoneyInput(values.text[field], locale, MONEY_READING);
    if (read !== null && !read.ok) problems[field] = read.problem;
  }
  return problems;
}

/** The currency the deposit is in: the one typed, else the country's (shown beside its amounts). */
export function depositCurrency(values: DepositFormValues): string | null {
  const typed = values.text.currency.trim();
  if (/^[A-Z]{3}$/.test(typed)) return typed;
  const country = values.text.country.trim();
  return REFERENCE_COUNTRIES.find((entry) => entry.code === country)?.currency ?? null;
}

/** A country the service does not serve (a draft's, or one typed before the picker existed). */
export function isUnservedCountry(code: string): boolean {
  const trimmed = code.trim();
  return trimmed !== '' && !REFERENCE_COUNTRIES.some((entry) => entry.code === trimmed);
}

/** The payer fields a ONE_SHOT deposit needs (D9): marked required in that mode. */
const ONE_SHOT_PAYER_FIELDS = [
  'payer.document',
  'payer.email',
  'payer.first_name',
  'payer.last_name',
] as const satisfies readonly TextField[];

export interface DepositFormValues {
  mode: DepositMode;
  text: Record<TextField, string>;
  flags: Record<FlagField, boolean>;
  /** Credit the deposit to a crypto wallet (the crypto object is sent only then). */
  crypto: boolean;
}

export function emptyDepositForm(mode: DepositMode = 'one_shot'): DepositFormValues {
  return {
    mode,
    text: Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<TextField, string>,
    flags: Object.fromEntries(FLAG_FIELDS.map((field) => [field, false])) as Record<FlagField, boolean>,
    crypto: false,
  };
}

/**
 * D15: a payer state the country's list does not have. Only a list that was read can say so
 * (undefined while it loads or when it could not be read: the service then judges the code).
 */
export function isUnknownState(code: string, states: ReadonlyArray<{ iso: string }> | undefined): boolean {
  const trimmed = code.trim();
  return trimmed !== '' && states !== undefined && !states.some((state) => state.iso === trimmed);
}

/** Changing the method or country changes which reported_info fields apply: they start empty again. */
export function resetsReportedInfo(field: TextField): boolean {
  return field === 'payment_method' || field === 'country';
}

function setPath(target: JsonObject, path: readonly string[], value: string | number | boolean): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const existing = target[head];
  const child: JsonObject =
    typeof existing === 'object' && existing !== null && !Array.isArray(existing) ? existing : {};
  target[head] = child;
  setPath(child, rest, value);
}

/**
 * A money input as the body carries it: the amount as a numeric string (the spec's samples send
 * one, D9), the others as numbers. Text that cannot be read is sent as typed: the screen shows
 * the reading problem on the field and sends nothing while it stands.
 */
function moneyValue(field: MoneyField, text: string, locale: string): number | string {
  const read = parseMoneyInput(text, locale, MONEY_READING);
  if (read === null || !read.ok) return text;
  return field === 'amount' ? read.text : read.value;
}

/** Fields a mode sends; the others stay in the form (no lost work) but are not sent. */
export function fieldSentIn(mode: DepositMode, country: string, field: TextField): boolean {
  if (mode !== 'quick_pay') return true;
  if (field === 'payment_method' || field.startsWith('reported_info.')) return false;
  if (field.startsWith('payer.')) return field === 'payer.id' && country === 'MX';
  return true;
}

/**
 * The request body for the form: trimmed texts, empty ones left out (only amount and country are
 * required; HOSTED collects the rest), numbers where the body takes numbers. QuickPay sends its
 * country's method and, for Mexico, a payer of `id` only. Money is read in `locale` ("100,50" in
 * pt-BR is "100.50"); the amount stays text (the spec's samples send a string; main checks it, D9).
 */
export function toDepositBody(values: DepositFormValues, locale: string): DepositCreateBody {
  const body: JsonObject = {};
  const country = values.text.country.trim();
  for (const field of TEXT_FIELDS) {
    if (!fieldSentIn(values.mode, country, field)) continue;
    if (field.startsWith('crypto.') && !values.crypto) continue;
    const text = values.text[field].trim();
    // The crypto object is sent whole once chosen, so main names a missing part.
    if (text === '' && !(values.crypto && field.startsWith('crypto.'))) continue;
    setPath(body, field.split('.'), isMoneyField(field) ? moneyValue(field, text, locale) : text);
  }
  if (values.mode === 'quick_pay' && isQuickPayCountry(country)) {
    body.payment_method = QUICK_PAY_METHODS[country];
  }
  for (const flag of FLAG_FIELDS) {
    if (!values.flags[flag]) continue;
    if (flag === 'bonus_relative' && body.bonus_amount === undefined) continue;
    body[flag] = true;
  }
  if (body.bonus_amount !== undefined && !values.flags.bonus_relative) body.bonus_relative = false;
  // Built from a closed list of fields: what main's schema takes, or text for it to refuse by name.
  return body as unknown as DepositCreateBody;
}

/**
 * Inputs the chosen mode needs filled, beyond main's own rules: amount and country always; a
 * one-shot deposit the method, the payer fields D9 lists and the reported_info fields the
 * method needs (`reportedInfoFields`, from checkDeposit). Mexico's QuickPay payer id is not
 * required: the service makes one when it is left out, and main then predicts HOSTED, which the
 * screen says instead of blocking Create.
 */
export function requiredFields(
  values: DepositFormValues,
  reportedInfoFields: readonly string[],
): readonly TextField[] {
  const required: TextField[] = ['amount', 'country'];
  if (values.mode === 'one_shot') {
    required.push('payment_method', ...ONE_SHOT_PAYER_FIELDS);
    for (const field of reportedInfoFields) {
      const name = `reported_info.${field}`;
      if (isTextField(name)) required.push(name);
    }
  }
  if (values.crypto) required.push('crypto.currency', 'crypto.network', 'crypto.wallet');
  return required;
}

/** Required inputs still empty, in the form's order. */
export function missingFields(values: DepositFormValues, required: readonly TextField[]): TextField[] {
  return TEXT_FIELDS.filter((field) => required.includes(field) && values.text[field].trim() === '');
}

/** The folded parts of the form: an input with a problem there opens its part. */
export type FormSection = 'payerMore' | 'options';

export function sectionOf(field: TextField): FormSection | null {
  if (
    field === 'payer.phone' ||
    field === 'payer.birth_date' ||
    field === 'payer.registration_date' ||
    field.startsWith('payer.address.')
  ) {
    return 'payerMore';
  }
  if (
    [
      'notification_url',
      'back_url',
      'success_url',
      'error_url',
      'logo',
      'client_ip',
      'device_id',
      'language',
      'bonus_amount',
      'strikethrough_price',
    ].includes(field)
  ) {
    return 'options';
  }
  return null;
}

/** A refusal's field as the form names it: the IPC argument's `body.` prefix dropped. */
function formFieldOf(field: string | undefined): string | undefined {
  if (field === undefined) return undefined;
  return field.startsWith('body.') ? field.slice('body.'.length) : field;
}

function isTextField(field: string): field is TextField {
  return (TEXT_FIELDS as readonly string[]).includes(field);
}

/**
 * Issues by the input they belong to, and those no input shows (a whole object, an unknown
 * key): the screen lists the latter above the submit button so none is lost.
 */
export function sortIssues(
  issues: readonly FieldIssue[],
  /** An issue as the form says it (lib/validation-text, in the user's language). */
  say: (issue: FieldIssue) => string = (issue) => issue.message,
): {
  byField: Partial<Record<TextField, string>>;
  elsewhere: FieldIssue[];
} {
  const byField: Partial<Record<TextField, string>> = {};
  const elsewhere: FieldIssue[] = [];
  for (const issue of issues) {
    const field = formFieldOf(issue.field) ?? '';
    if (isTextField(field)) byField[field] ??= say(issue);
    else elsewhere.push(issue);
  }
  return { byField, elsewhere };
}

/** A validation refusal of createDeposit as one more issue of the form (null for other kinds). */
export function issueOfRefusal(error: ConsoleError): FieldIssue | null {
  if (error.kind !== 'validation' || error.field === undefined) return null;
  const field = formFieldOf(error.field) ?? error.field;
  // Main writes "body.payer.email: must be …"; the form shows the part after the field.
  const prefix = `${error.field}: `;
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return { field, message, ...(error.text ? { text: error.text } : {}) };
}

/** The form as a draft main keeps (flat: each input by its name, the mode and the ticks). */
export function depositDraftOf(values: DepositFormValues): DraftValues {
  return { mode: values.mode, crypto: values.crypto, ...values.text, ...values.flags };
}

/** A saved draft back into the form; fields this version does not know are left out. */
export function depositFormOfDraft(draft: DraftValues): DepositFormValues {
  const mode = DEPOSIT_MODES.find((known) => known === draft.mode) ?? 'one_shot';
  const form = emptyDepositForm(mode);
  for (const field of TEXT_FIELDS) {
    const text = draft[field];
    if (typeof text === 'string') form.text[field] = text;
  }
  for (const flag of FLAG_FIELDS) form.flags[flag] = draft[flag] === true;
  form.crypto = draft.crypto === true;
  return form;
}
