import { Option, type Command } from 'commander';
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

/**
 * The commands on the service's own resources: deposits, refunds, cashouts, the reference reads
 * (payment methods, banks, quotes, states) and sub-merchants.
 */

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

export function describeResourceCommands(program: Command, context: CommandContext): void {
  const { io } = context;
  const lookup = (operation: (session: CliSession) => Promise<Result<Answer>>): Promise<void> =>
    context.run('read', (session) => cancellable(operation(session), io.signal));
  const record = async <T>(promise: Promise<Result<T>>): Promise<Result<Answer>> => {
    const result = await promise;
    return result.ok ? { ok: true, data: { record: (result.data as { record?: unknown }).record } } : result;
  };
  const mutationOptions = (command: Command): Command =>
    command
      .option('--reason <text>', 'why (required in production; kept in the audit journal)')
      .option('--idempotency-key <uuid>', 'repeat an earlier intent (after an unknown outcome) with its key');

  const deposits = program.command('deposits').description('read and create deposits');
  deposits
    .command('get')
    .description('read a deposit status (GET /v3/deposits/{id})')
    .argument('<id>', 'deposit id')
    .action((id: string) =>
      lookup(async (session) => {
        const depositId = idArgument(id, 'id');
        return depositId.ok ? record(session.api.getDeposit({ depositId: depositId.data })) : depositId;
      }),
    );
  mutationOptions(
    deposits
      .command('create')
      .description('create a deposit from a JSON body (POST /v3/deposits); journaled')
      .requiredOption('--body <file>', 'JSON file with the request body, or - for stdin')
      .option(
        '--confirm-duplicate-of <intent-id>',
        'a deposit with this invoice id was already made (exit 5 names its intent): make a second one anyway',
      )
      .option('--yes', 'confirm (required in production)'),
  ).action((options: { body: string } & MutationFlags) =>
    context.run('write', async (session) => {
      const text = await readBody(options.body, io.stdin);
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
    }),
  );

  const refunds = program.command('refunds').description('read and create refunds');
  refunds
    .command('get')
    .description('read a refund status (GET /v3/refunds/{id})')
    .argument('<id>', 'refund id')
    .action((id: string) =>
      lookup(async (session) => {
        const refundId = idArgument(id, 'id');
        return refundId.ok ? record(session.api.getRefund({ refundId: refundId.data })) : refundId;
      }),
    );
  mutationOptions(
    refunds
      .command('create')
      .description('refund a deposit (POST /v3/refunds) after the pre-flight checks; journaled')
      .requiredOption('--deposit-id <n>', 'the deposit to refund')
      .requiredOption('--invoice-id <s>', 'the invoice id of that deposit')
      .requiredOption(
        '--amount <x>',
        "amount to refund, in the deposit's currency (the console never sends 'all that is left', which may differ from what it can see)",
      )
      .option(
        '--bank-account-file <path>',
        'JSON file with the bank account (beneficiary, bank_code, branch, account_number, account_type), or - for stdin',
      )
      // Kept, hidden, only to refuse it with the new flag's name (rather than "unknown option").
      .addOption(new Option('--bank-account [json]').hideHelp())
      .option('--comments <s>', 'free text')
      .option('--notification-url <url>', 'where the service sends status notifications')
      .option('--yes', 'confirm (required in production)'),
  ).action(
    (
      options: {
        depositId: string;
        invoiceId: string;
        amount?: string;
        bankAccountFile?: string;
        bankAccount?: string | boolean;
        comments?: string;
        notificationUrl?: string;
      } & MutationFlags,
    ) => {
      // Refused before a session is opened or anything is read: nothing about it is kept.
      if (options.bankAccount !== undefined) return context.fail(BANK_ACCOUNT_ON_ARGV);
      return context.run('write', async (session) => {
        const depositId = idArgument(options.depositId, '--deposit-id');
        if (!depositId.ok) return depositId;
        const amount =
          options.amount === undefined
            ? undefined
            : checkInput(amountNumberSchema, options.amount, '--amount');
        if (amount && !amount.ok) return amount;
        const bankAccount =
          options.bankAccountFile === undefined
            ? undefined
            : await readBankAccount(options.bankAccountFile, io.stdin);
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
    },
  );

  const cashouts = program.command('cashouts').description('read and cancel cashouts');
  cashouts
    .command('status')
    .description('read a cashout status by --cashout-id, --external-id or both (POST /v3/cashout/status)')
    .option('--cashout-id <n>', 'service-side cashout id')
    .option('--external-id <s>', 'merchant-side cashout id')
    .action((options: { cashoutId?: string; externalId?: string }) =>
      lookup(async (session) => {
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
      }),
    );
  cashouts
    .command('cancel')
    .description(
      'cancel a PENDING cashout (DELETE /v3/cashout/cancel) after re-reading it by both ids; never repeated automatically; journaled',
    )
    .requiredOption('--cashout-id <n>', 'service-side cashout id')
    .requiredOption('--external-id <s>', 'merchant-side cashout id (both must name the same cashout)')
    .option('--yes', 'confirm the cancellation')
    .option('--reason <text>', 'why (required in production; kept in the audit journal)')
    .action((options: { cashoutId: string; externalId: string } & MutationFlags) =>
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
      }),
    );

  program
    .command('payment-methods')
    .description('payment methods enabled in a country (GET /v3/payment_methods)')
    .argument('<country>', 'ISO country code, e.g. BR')
    .action((country: string) => lookup((session) => record(session.api.listPaymentMethods({ country }))));

  program
    .command('banks')
    .description('banks of a country (GET /v3/banks)')
    .argument('<country>', 'ISO country code, e.g. MX')
    .action((country: string) => lookup((session) => record(session.api.listBanks({ country }))));

  program
    .command('crypto-quote')
    .description('crypto exchange quote (GET /v3/exchange_rates/crypto)')
    .requiredOption('--currency <c>', 'USD or the local currency, e.g. BRL')
    .requiredOption('--amount <a>', 'amount in that currency')
    .requiredOption('--crypto <x>', 'cryptocurrency symbol, e.g. USDT')
    .action((options: { currency: string; amount: string; crypto: string }) =>
      lookup(async (session) => {
        const amount = checkInput(amountNumberSchema, options.amount, '--amount');
        if (!amount.ok) return amount;
        return record(
          session.api.getCryptoQuote({
            currency: options.currency,
            amount: amount.data,
            crypto: options.crypto,
          }),
        );
      }),
    );

  program
    .command('states')
    .description('states of a country, ISO 3166-2 codes for payer.address.state (GET /v3/states)')
    .argument('<country>', 'ISO country code, e.g. BR')
    .action((country: string) => lookup((session) => record(session.api.listStates({ country }))));

  program
    .command('fx-quote')
    .description('fiat quote, USD into the country currency (GET /v3/exchange_rates)')
    .requiredOption('--country <c>', 'ISO country code, e.g. BR')
    .requiredOption('--amount <a>', 'amount in USD')
    .action((options: { country: string; amount: string }) =>
      lookup(async (session) => {
        const amount = checkInput(amountNumberSchema, options.amount, '--amount');
        if (!amount.ok) return amount;
        return record(session.api.getFiatQuote({ country: options.country, amount: amount.data }));
      }),
    );

  const subMerchants = program.command('sub-merchants').description('read sub-merchants');
  subMerchants
    .command('get')
    .description('read a sub-merchant (GET /sub_merchants/{id})')
    .argument('<id>', 'sub-merchant id')
    .action((id: string) =>
      lookup(async (session) => {
        const subMerchantId = idArgument(id, 'id');
        return subMerchantId.ok
          ? record(session.api.getSubMerchant({ subMerchantId: subMerchantId.data }))
          : subMerchantId;
      }),
    );
}
