import { Option, type Command } from 'commander';
import type { CommandContext, MutationFlags } from './command-context';
import type { ActionsLoader } from './command-groups';
import type * as ResourceActions from './resource-actions';
import type { RefundCreateFlags } from './resource-actions';

/**
 * The commands on the service's own resources: deposits, refunds, cashouts, the reference reads
 * (payment methods, banks, quotes, states) and sub-merchants. What they do: resource-actions.ts.
 */

export function describeResourceCommands(
  program: Command,
  context: CommandContext,
  actions: ActionsLoader<typeof ResourceActions>,
): void {
  const mutationOptions = (command: Command): Command =>
    command
      .option('--reason <text>', 'why (required in production; kept in the audit journal)')
      .option('--idempotency-key <uuid>', 'repeat an earlier intent (after an unknown outcome) with its key');

  const deposits = program.command('deposits').description('read and create deposits');
  deposits
    .command('get')
    .description('read a deposit status (GET /v3/deposits/{id})')
    .argument('<id>', 'deposit id')
    .action(async (id: string) => (await actions()).getDeposit(context, id));
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
  ).action(async (options: { body: string } & MutationFlags) =>
    (await actions()).createDeposit(context, options),
  );

  const refunds = program.command('refunds').description('read and create refunds');
  refunds
    .command('get')
    .description('read a refund status (GET /v3/refunds/{id})')
    .argument('<id>', 'refund id')
    .action(async (id: string) => (await actions()).getRefund(context, id));
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
  ).action(async (options: RefundCreateFlags) => (await actions()).createRefund(context, options));

  const cashouts = program.command('cashouts').description('read and cancel cashouts');
  cashouts
    .command('status')
    .description('read a cashout status by --cashout-id, --external-id or both (POST /v3/cashout/status)')
    .option('--cashout-id <n>', 'service-side cashout id')
    .option('--external-id <s>', 'merchant-side cashout id')
    .action(async (options: { cashoutId?: string; externalId?: string }) =>
      (await actions()).getCashoutStatus(context, options),
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
    .action(async (options: { cashoutId: string; externalId: string } & MutationFlags) =>
      (await actions()).cancelCashout(context, options),
    );

  program
    .command('payment-methods')
    .description('payment methods enabled in a country (GET /v3/payment_methods)')
    .argument('<country>', 'ISO country code, e.g. BR')
    .action(async (country: string) => (await actions()).listPaymentMethods(context, country));

  program
    .command('banks')
    .description('banks of a country (GET /v3/banks)')
    .argument('<country>', 'ISO country code, e.g. MX')
    .action(async (country: string) => (await actions()).listBanks(context, country));

  program
    .command('crypto-quote')
    .description('crypto exchange quote (GET /v3/exchange_rates/crypto)')
    .requiredOption('--currency <c>', 'USD or the local currency, e.g. BRL')
    .requiredOption('--amount <a>', 'amount in that currency')
    .requiredOption('--crypto <x>', 'cryptocurrency symbol, e.g. USDT')
    .action(async (options: { currency: string; amount: string; crypto: string }) =>
      (await actions()).getCryptoQuote(context, options),
    );

  program
    .command('states')
    .description('states of a country, ISO 3166-2 codes for payer.address.state (GET /v3/states)')
    .argument('<country>', 'ISO country code, e.g. BR')
    .action(async (country: string) => (await actions()).listStates(context, country));

  program
    .command('fx-quote')
    .description('fiat quote, USD into the country currency (GET /v3/exchange_rates)')
    .requiredOption('--country <c>', 'ISO country code, e.g. BR')
    .requiredOption('--amount <a>', 'amount in USD')
    .action(async (options: { country: string; amount: string }) =>
      (await actions()).getFiatQuote(context, options),
    );

  const subMerchants = program.command('sub-merchants').description('read sub-merchants');
  subMerchants
    .command('get')
    .description('read a sub-merchant (GET /sub_merchants/{id})')
    .argument('<id>', 'sub-merchant id')
    .action(async (id: string) => (await actions()).getSubMerchant(context, id));
}
