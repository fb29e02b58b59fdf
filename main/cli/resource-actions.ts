import type { ConsoleError, DepositCreateBody, RefundCreateBody, Result } from '../../shared/contract';
import {
  amountNumberSchema,
  bankAccountInputSchema,
  checkInput,
  depositCreateBodySchema,
  idTextSchema,
} from '../core/payments';
import { armForCommand } from './arming';
import type { Answer, CliIo, CommandContext, MutationFlags } from './command-context';
import { invalidOption } from './command-context';
import { readInputText } from './input';
import type { CliSession } from './session';

/** What the service's resource commands do (their definitions and help: resource-commands.ts). */

/** A body file or stdin larger than this is not a deposit. */
const MAX_BODY_BYTES = 1024 * 1024;
/** A bank account is five short fields; a file far larger than that is the wrong file. */
const MAX_BANK_ACCOUNT_BYTES = 64 * 1024;

const invalid = invalidOption;

/** An id argument or option, checked like the client checks ids. */
const idArgument = (value: string, field: string): Result<number> => checkInput(idTextSchema, value, field);

function parseJson(text: string, field: string): Result<unknown> {
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch {
    return invalid(field, 'is not valid JSON');
  }
}

function readBody(source: string, stdin: CliIo['stdin']): Promise<Result<string>> {
  return readInputText(source, stdin, {
    maxBytes: MAX_BODY_BYTES,
    field: '--body',
    advice: "a deposit's body is far smaller: is it the right file?",
  });
}

/**
 * The payer's bank account from a JSON file or stdin, never from argv: the arguments of a process
 * show in every process list (ps, Task Manager) and often in the shell's history.
 */
async function readBankAccount(source: string, stdin: CliIo['stdin']): Promise<Result<unknown>> {
  const field = '--bank-account-file';
  const text = await readInputText(source, stdin, {
    maxBytes: MAX_BANK_ACCOUNT_BYTES,
    field,
    advice:
      'give a JSON file holding only the bank account (beneficiary, bank_code, branch, account_number, account_type).',
  });
  if (!text.ok) return text;
  const json = parseJson(text.data, field);
  if (!json.ok) return json;
  return checkInput(bankAccountInputSchema, json.data, field);
}

/** The old flag put bank details on the command line: refused, naming the flag that replaced it. */
const BANK_ACCOUNT_ON_ARGV: ConsoleError = {
  kind: 'validation',
  field: '--bank-account',
  message:
    '--bank-account: bank details on the command line show in every process list, so this option is gone: put the JSON in a file and give --bank-account-file <path> (or --bank-account-file - to read it from stdin).',
};

/** A lookup gives up waiting on Ctrl-C. */
function cancellable<T>(promise: Promise<Result<T>>, signal: AbortSignal | undefined): Promise<Result<T>> {
  if (!signal) return promise;
  const cancelled: Result<never> = {
    ok: false,
    error: { kind: 'cancelled', message: 'Cancelled before the service answered.' },
  };
  if (signal.aborted) return Promise.resolve(cancelled);
  return new Promise((resolve) => {
    const onAbort = (): void => resolve(cancelled);
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then((result) => {
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    });
  });
}

/** A read: cancelled by Ctrl-C, its record printed. */
const lookup = (
  context: CommandContext,
  operation: (session: CliSession) => Promise<Result<Answer>>,
): Promise<void> => context.run('read', (session) => cancellable(operation(session), context.io.signal));

const record = async <T>(promise: Promise<Result<T>>): Promise<Result<Answer>> => {
  const result = await promise;
  return result.ok ? { ok: true, data: { record: (result.data as { record?: unknown }).record } } : result;
};

/** `paydesk deposits get <id>`. */
export const getDeposit = (context: CommandContext, id: string): Promise<void> =>
  lookup(context, async (session) => {
    const depositId = idArgument(id, 'id');
    return depositId.ok ? record(session.api.getDeposit({ depositId: depositId.data })) : depositId;
  });

/** `paydesk deposits create --body <file>`. */
export const createDeposit = (
  context: CommandContext,
  options: { body: string } & MutationFlags,
): Promise<void> =>
  context.run('write', async (session) => {
    const text = await readBody(options.body, context.io.stdin);
    if (!text.ok) return text;
    const json = parseJson(text.data, '--body');
    if (!json.ok) return json;
    // The spec's tables are checked before anything is armed, journaled or sent.
    const body = checkInput(depositCreateBodySchema, json.data);
    if (!body.ok) return body;
    const meta = await armForCommand(session, options);
    if (!meta.ok) return meta;
    const created = await session.api.createDeposit({ body: body.data as DepositCreateBody, ...meta.data });
    if (!created.ok) return created;
    const { created: answer, idempotencyKey, intentId } = created.data;
    return { ok: true, data: { record: answer.record, idempotencyKey, intentId } };
  });

/** `paydesk refunds get <id>`. */
export const getRefund = (context: CommandContext, id: string): Promise<void> =>
  lookup(context, async (session) => {
    const refundId = idArgument(id, 'id');
    return refundId.ok ? record(session.api.getRefund({ refundId: refundId.data })) : refundId;
  });

export interface RefundCreateFlags extends MutationFlags {
  depositId: string;
  invoiceId: string;
  amount?: string;
  bankAccountFile?: string;
  bankAccount?: string | boolean;
  comments?: string;
  notificationUrl?: string;
}

/** `paydesk refunds create`. */
export function createRefund(context: CommandContext, options: RefundCreateFlags): Promise<void> | void {
  // Refused before a session is opened or anything is read: nothing about it is kept.
  if (options.bankAccount !== undefined) return context.fail(BANK_ACCOUNT_ON_ARGV);
  return context.run('write', async (session) => {
    const depositId = idArgument(options.depositId, '--deposit-id');
    if (!depositId.ok) return depositId;
    const amount =
      options.amount === undefined ? undefined : checkInput(amountNumberSchema, options.amount, '--amount');
    if (amount && !amount.ok) return amount;
    const bankAccount =
      options.bankAccountFile === undefined
        ? undefined
        : await readBankAccount(options.bankAccountFile, context.io.stdin);
    if (bankAccount && !bankAccount.ok) return bankAccount;
    const body = {
      deposit_id: depositId.data,
      invoice_id: options.invoiceId,
      ...(amount && { amount: amount.data }),
      ...(bankAccount && { bank_account: bankAccount.data }),
      ...(options.comments !== undefined && { comments: options.comments }),
      ...(options.notificationUrl !== undefined && { notification_url: options.notificationUrl }),
    } as RefundCreateBody;
    const meta = await armForCommand(session, options);
    if (!meta.ok) return meta;
    const created = await session.api.createRefund({ body, ...meta.data });
    if (!created.ok) return created;
    const { created: answer, idempotencyKey, intentId } = created.data;
    return { ok: true, data: { record: answer.record, idempotencyKey, intentId } };
  });
}

/** `paydesk cashouts status`. */
export const getCashoutStatus = (
  context: CommandContext,
  options: { cashoutId?: string; externalId?: string },
): Promise<void> =>
  lookup(context, async (session) => {
    if (options.cashoutId === undefined && options.externalId === undefined) {
      return invalid('--cashout-id', 'give --cashout-id, --external-id or both');
    }
    const cashoutId =
      options.cashoutId === undefined ? undefined : idArgument(options.cashoutId, '--cashout-id');
    if (cashoutId && !cashoutId.ok) return cashoutId;
    return record(
      session.api.getCashoutStatus({
        ...(cashoutId && { cashoutId: cashoutId.data }),
        ...(options.externalId !== undefined && { externalId: options.externalId }),
      }),
    );
  });

/** `paydesk cashouts cancel`. */
export const cancelCashout = (
  context: CommandContext,
  options: { cashoutId: string; externalId: string } & MutationFlags,
): Promise<void> =>
  context.run('write', async (session) => {
    const cashoutId = idArgument(options.cashoutId, '--cashout-id');
    if (!cashoutId.ok) return cashoutId;
    if (!options.yes) {
      return {
        ok: false,
        error: {
          kind: 'not_permitted',
          message: `Not cancelling cashout ${cashoutId.data} without --yes.`,
        },
      };
    }
    const meta = await armForCommand(session, options);
    if (!meta.ok) return meta;
    const cancelled = await session.api.cancelCashout({
      cashoutId: cashoutId.data,
      externalId: options.externalId,
      // The id typed on the command line, with --yes, is the typed confirmation.
      typedConfirmation: String(cashoutId.data),
      ...meta.data,
    });
    if (!cancelled.ok) return cancelled;
    return {
      ok: true,
      data: { record: cancelled.data.status.record, intentId: cancelled.data.intentId },
    };
  });

/** `paydesk payment-methods <country>`. */
export const listPaymentMethods = (context: CommandContext, country: string): Promise<void> =>
  lookup(context, (session) => record(session.api.listPaymentMethods({ country })));

/** `paydesk banks <country>`. */
export const listBanks = (context: CommandContext, country: string): Promise<void> =>
  lookup(context, (session) => record(session.api.listBanks({ country })));

/** `paydesk crypto-quote`. */
export const getCryptoQuote = (
  context: CommandContext,
  options: { currency: string; amount: string; crypto: string },
): Promise<void> =>
  lookup(context, async (session) => {
    const amount = checkInput(amountNumberSchema, options.amount, '--amount');
    if (!amount.ok) return amount;
    return record(
      session.api.getCryptoQuote({
        currency: options.currency,
        amount: amount.data,
        crypto: options.crypto,
      }),
    );
  });

/** `paydesk states <country>`. */
export const listStates = (context: CommandContext, country: string): Promise<void> =>
  lookup(context, (session) => record(session.api.listStates({ country })));

/** `paydesk fx-quote`. */
export const getFiatQuote = (
  context: CommandContext,
  options: { country: string; amount: string },
): Promise<void> =>
  lookup(context, async (session) => {
    const amount = checkInput(amountNumberSchema, options.amount, '--amount');
    if (!amount.ok) return amount;
    return record(session.api.getFiatQuote({ country: options.country, amount: amount.data }));
  });

/** `paydesk sub-merchants get <id>`. */
export const getSubMerchant = (context: CommandContext, id: string): Promise<void> =>
  lookup(context, async (session) => {
    const subMerchantId = idArgument(id, 'id');
    return subMerchantId.ok
      ? record(session.api.getSubMerchant({ subMerchantId: subMerchantId.data }))
      : subMerchantId;
  });
