import { Command, CommanderError } from 'commander';
import { readFile } from 'node:fs/promises';
import type {
  ConsoleError,
  DepositCreateBody,
  JsonValue,
  RefundCreateBody,
  Result,
} from '../../preload/contract';
import type { PaymentsClient, PaymentsClientOptions } from '../core/payments';
import { amountNumberSchema, checkInput, createPaymentsClient, idTextSchema } from '../core/payments';
import type { EnvironmentSource, Variables } from './environment';
import { environmentFromVariables } from './environment';
import type { Writable } from './output';
import { exitCodeFor, formatError, formatHuman, formatJson } from './output';

/** Everything the CLI touches, injected so that tests run it in-process. */
export interface CliIo {
  /** Arguments after the program name. */
  argv: readonly string[];
  env: Variables;
  stdin: AsyncIterable<string | Uint8Array>;
  stdout: Writable;
  stderr: Writable;
  /** Cancels the running call (Ctrl-C). */
  signal?: AbortSignal;
}

export interface CliOptions {
  /** Where the base URL and credentials come from; environment variables by default. */
  environment?: EnvironmentSource;
  /** Client tuning (tests shorten the backoff). */
  client?: Pick<PaymentsClientOptions, 'timeoutMs' | 'retry'>;
}

/** A body file or stdin larger than this is not a deposit. */
const MAX_BODY_BYTES = 1024 * 1024;

interface Answer {
  record: unknown;
  idempotencyKey?: string;
}

type Operation = (client: PaymentsClient, signal: AbortSignal | undefined) => Promise<Result<Answer>>;

const invalid = (field: string, message: string): Result<never> => ({
  ok: false,
  error: { kind: 'validation', field, message: `${field}: ${message}` },
});

/** An id argument or option, checked like the client checks ids. */
const idArgument = (value: string, field: string): Result<number> => checkInput(idTextSchema, value, field);

function parseJson(text: string, field: string): Result<unknown> {
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch {
    return invalid(field, 'is not valid JSON');
  }
}

async function readBody(source: string, stdin: CliIo['stdin']): Promise<Result<string>> {
  if (source === '-') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stdin) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
      size += bytes.length;
      if (size > MAX_BODY_BYTES) return invalid('--body', `stdin is larger than ${MAX_BODY_BYTES} bytes`);
      chunks.push(bytes);
    }
    return { ok: true, data: Buffer.concat(chunks).toString('utf8') };
  }
  try {
    const text = await readFile(source, 'utf8');
    if (Buffer.byteLength(text) > MAX_BODY_BYTES)
      return invalid('--body', `the file is larger than ${MAX_BODY_BYTES} bytes`);
    return { ok: true, data: text };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return {
      ok: false,
      error: {
        kind: 'storage',
        field: '--body',
        message: `--body: cannot read ${source}${typeof code === 'string' ? ` (${code})` : ''}`,
      },
    };
  }
}

/** Records are JSON from the service; this gives them the JSON type for printing. */
const asJson = (record: unknown): JsonValue => JSON.parse(JSON.stringify(record)) as JsonValue;

function describeCommands(program: Command, run: (operation: Operation) => Promise<void>, io: CliIo): void {
  const deposits = program.command('deposits').description('read and create deposits');
  deposits
    .command('get')
    .description('read a deposit status (GET /v3/deposits/{id})')
    .argument('<id>', 'deposit id')
    .action((id: string) =>
      run(async (client, signal) => {
        const depositId = idArgument(id, 'id');
        return depositId.ok ? client.getDeposit(depositId.data, { signal }) : depositId;
      }),
    );
  deposits
    .command('create')
    .description('create a deposit from a JSON body (POST /v3/deposits)')
    .requiredOption('--body <file>', 'JSON file with the request body, or - for stdin')
    .option('--idempotency-key <uuid>', 'repeat an earlier intent (after an unknown outcome) with its key')
    .action((options: { body: string; idempotencyKey?: string }) =>
      run(async (client, signal) => {
        const text = await readBody(options.body, io.stdin);
        if (!text.ok) return text;
        const body = parseJson(text.data, '--body');
        if (!body.ok) return body;
        // The client checks the body against the spec's tables before anything is sent.
        return client.createDeposit(body.data as DepositCreateBody, {
          signal,
          ...(options.idempotencyKey !== undefined && { idempotencyKey: options.idempotencyKey }),
        });
      }),
    );

  const refunds = program.command('refunds').description('read and create refunds');
  refunds
    .command('get')
    .description('read a refund status (GET /v3/refunds/{id})')
    .argument('<id>', 'refund id')
    .action((id: string) =>
      run(async (client, signal) => {
        const refundId = idArgument(id, 'id');
        return refundId.ok ? client.getRefund(refundId.data, { signal }) : refundId;
      }),
    );
  refunds
    .command('create')
    .description('refund a deposit (POST /v3/refunds)')
    .requiredOption('--deposit-id <n>', 'the deposit to refund')
    .requiredOption('--invoice-id <s>', 'the invoice id of that deposit')
    .option('--amount <x>', 'amount to refund (default: all that is left)')
    .option(
      '--bank-account <json>',
      'bank account JSON: beneficiary, bank_code, branch, account_number, account_type',
    )
    .option('--comments <s>', 'free text')
    .option('--notification-url <url>', 'where the service sends status notifications')
    .option('--idempotency-key <uuid>', 'repeat an earlier intent (after an unknown outcome) with its key')
    .action(
      (options: {
        depositId: string;
        invoiceId: string;
        amount?: string;
        bankAccount?: string;
        comments?: string;
        notificationUrl?: string;
        idempotencyKey?: string;
      }) =>
        run(async (client, signal) => {
          const depositId = idArgument(options.depositId, '--deposit-id');
          if (!depositId.ok) return depositId;
          const amount =
            options.amount === undefined
              ? undefined
              : checkInput(amountNumberSchema, options.amount, '--amount');
          if (amount && !amount.ok) return amount;
          const bankAccount =
            options.bankAccount === undefined ? undefined : parseJson(options.bankAccount, '--bank-account');
          if (bankAccount && !bankAccount.ok) return bankAccount;
          const body = {
            deposit_id: depositId.data,
            invoice_id: options.invoiceId,
            ...(amount && { amount: amount.data }),
            ...(bankAccount && { bank_account: bankAccount.data }),
            ...(options.comments !== undefined && { comments: options.comments }),
            ...(options.notificationUrl !== undefined && { notification_url: options.notificationUrl }),
          } as RefundCreateBody;
          return client.createRefund(body, {
            signal,
            ...(options.idempotencyKey !== undefined && { idempotencyKey: options.idempotencyKey }),
          });
        }),
    );

  const cashouts = program.command('cashouts').description('read and cancel cashouts');
  cashouts
    .command('status')
    .description('read a cashout status by --cashout-id, --external-id or both (POST /v3/cashout/status)')
    .option('--cashout-id <n>', 'service-side cashout id')
    .option('--external-id <s>', 'merchant-side cashout id')
    .action((options: { cashoutId?: string; externalId?: string }) =>
      run(async (client, signal) => {
        if (options.cashoutId === undefined && options.externalId === undefined) {
          return invalid('--cashout-id', 'give --cashout-id, --external-id or both');
        }
        const cashoutId =
          options.cashoutId === undefined ? undefined : idArgument(options.cashoutId, '--cashout-id');
        if (cashoutId && !cashoutId.ok) return cashoutId;
        return client.getCashoutStatus(
          {
            ...(cashoutId && { cashoutId: cashoutId.data }),
            ...(options.externalId !== undefined && { externalId: options.externalId }),
          },
          { signal },
        );
      }),
    );
  cashouts
    .command('cancel')
    .description('cancel a PENDING cashout (DELETE /v3/cashout/cancel); never repeated automatically')
    .requiredOption('--cashout-id <n>', 'service-side cashout id')
    .requiredOption('--external-id <s>', 'merchant-side cashout id (both must name the same cashout)')
    .option('--yes', 'confirm the cancellation')
    .action((options: { cashoutId: string; externalId: string; yes?: boolean }) =>
      run(async (client, signal) => {
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
        return client.cancelCashout(
          { cashoutId: cashoutId.data, externalId: options.externalId },
          { signal },
        );
      }),
    );

  program
    .command('payment-methods')
    .description('payment methods enabled in a country (GET /v3/payment_methods)')
    .argument('<country>', 'ISO country code, e.g. BR')
    .action((country: string) => run((client, signal) => client.listPaymentMethods(country, { signal })));

  program
    .command('banks')
    .description('banks of a country (GET /v3/banks)')
    .argument('<country>', 'ISO country code, e.g. MX')
    .action((country: string) => run((client, signal) => client.listBanks(country, { signal })));

  program
    .command('crypto-quote')
    .description('crypto exchange quote (GET /v3/exchange_rates/crypto)')
    .requiredOption('--currency <c>', 'USD or the local currency, e.g. BRL')
    .requiredOption('--amount <a>', 'amount in that currency')
    .requiredOption('--crypto <x>', 'cryptocurrency symbol, e.g. USDT')
    .action((options: { currency: string; amount: string; crypto: string }) =>
      run((client, signal) =>
        client.getCryptoQuote(
          { currency: options.currency, amount: options.amount, crypto: options.crypto },
          { signal },
        ),
      ),
    );

  const subMerchants = program.command('sub-merchants').description('read sub-merchants');
  subMerchants
    .command('get')
    .description('read a sub-merchant (GET /sub_merchants/{id})')
    .argument('<id>', 'sub-merchant id')
    .action((id: string) =>
      run(async (client, signal) => {
        const subMerchantId = idArgument(id, 'id');
        return subMerchantId.ok ? client.getSubMerchant(subMerchantId.data, { signal }) : subMerchantId;
      }),
    );
}

/** Runs one command line; resolves to the exit code and never throws. */
export async function runCli(io: CliIo, options: CliOptions = {}): Promise<number> {
  // Known before parsing, so that even a usage error is reported in the requested format.
  const json = io.argv.includes('--json');
  const environment = options.environment ?? environmentFromVariables(io.env);
  let exitCode = 0;
  const fail = (error: ConsoleError): void => {
    io.stderr.write(formatError(error, json));
    exitCode = exitCodeFor(error);
  };

  const run = async (operation: Operation): Promise<void> => {
    const found = await environment();
    if (!found.ok) return fail(found.error);
    const client = createPaymentsClient({
      baseUrl: found.data.baseUrl,
      credentials: found.data.credentials,
      ...options.client,
    });
    if (!client.ok) return fail(client.error);
    const result = await operation(client.data, io.signal);
    if (!result.ok) return fail(found.data.explain ? found.data.explain(result.error) : result.error);
    const record = asJson(result.data.record);
    io.stdout.write(json ? formatJson(record) : formatHuman(record));
    if (!json && result.data.idempotencyKey !== undefined) {
      io.stdout.write(`# idempotency key: ${result.data.idempotencyKey}\n`);
    }
  };

  const program = new Command('paydesk')
    .description('Paydesk headless console: the payments service from the command line')
    .option('--json', 'print the answer as JSON, and failures as a JSON line on stderr')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // Usage errors are reported below, as one line in the requested format.
      outputError: () => undefined,
    })
    .showSuggestionAfterError();
  describeCommands(program, run, io);

  try {
    await program.parseAsync([...io.argv], { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) {
      fail({
        kind: 'internal',
        message: `Unexpected failure (${error instanceof Error ? error.name : 'unknown'}).`,
      });
      return exitCode;
    }
    if (
      error.code === 'commander.helpDisplayed' ||
      error.code === 'commander.help' ||
      error.code === 'commander.version'
    ) {
      return error.exitCode === 0 ? 0 : 2;
    }
    fail({ kind: 'validation', message: error.message.replace(/^error: /, '') });
    return 2;
  }
  return exitCode;
}
