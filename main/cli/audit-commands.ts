import type { Command } from 'commander';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { AuditFilter, AuditUnresolvedView } from '../../preload/contract';
import { AUDIT_ACTIONS, AUDIT_STATES } from '../../preload/contract';
import type { CommandContext } from './program';
import { asJson } from './input';

const unresolvedLine = (view: AuditUnresolvedView): string =>
  [
    `${view.time}  ${view.action}  ${view.environment.name} (${view.environment.kind})`,
    `  intent: ${view.intentId}`,
    `  idempotency key: ${view.idempotencyKey ?? '—'}`,
    `  ids: ${
      Object.entries(view.ids)
        .map(([key, value]) => `${key}=${String(value)}`)
        .join(', ') || '—'
    }`,
    `  cause: ${view.cause}; ${view.canRetry ? 'can be retried with the same key' : 'only a status read can settle it'}`,
  ].join('\n');

/**
 * `paydesk audit …` (issue 6): the journal the desktop app and the CLI share (the data folder's
 * audit/). `verify` exits 1 when the chain is broken and names the first problem.
 */
export function describeAuditCommands(program: Command, context: CommandContext): void {
  const { io } = context;
  const audit = program.command('audit').description('the audit journal of every mutating call');

  audit
    .command('verify')
    .description('check the hash chain; exit 1 and name the first problem when it is broken')
    .action(() =>
      context.withSession('manage', async (session) => {
        const report = await session.api.auditVerify({});
        if (!report.ok) return context.fail(report.error);
        const { data } = report;
        if (context.json) context.print(asJson(data));
        else if (data.ok) {
          io.stdout.write(
            `journal ok: ${data.entries} entries${data.headHash ? `, head hash ${data.headHash}` : ''}\n`,
          );
        } else {
          io.stdout.write(`journal broken after ${data.entries} good entries\n`);
        }
        if (!data.ok) {
          const problem = data.firstProblem;
          context.fail({
            kind: 'storage',
            message: problem
              ? `The journal is broken at line ${problem.line} (${problem.kind}): ${problem.message}`
              : 'The journal is broken.',
          });
          context.exit(1);
        }
      }),
    );

  audit
    .command('export')
    .description('export the journal as CSV (spreadsheet formulas neutralised); --env filters by environment')
    .requiredOption('--csv', 'CSV, the export format')
    .option('--out <file>', 'write to this file instead of stdout')
    .option('--action <action>', AUDIT_ACTIONS.join(', '))
    .option('--state <state>', AUDIT_STATES.join(', '))
    .option('--from <iso>', 'from this time (inclusive), e.g. 2024-03-01T00:00:00Z')
    .option('--to <iso>', 'to this time (exclusive)')
    .action((options: { out?: string; action?: string; state?: string; from?: string; to?: string }) =>
      context.withSession('manage', async (session) => {
        const environmentId = context.environmentId();
        const filter = {
          ...(environmentId !== undefined && { environmentId }),
          ...(options.action !== undefined && { action: options.action }),
          ...(options.state !== undefined && { state: options.state }),
          ...(options.from !== undefined && { from: options.from }),
          ...(options.to !== undefined && { to: options.to }),
        } as AuditFilter;
        const exported = await session.api.auditExportCsv(filter);
        if (!exported.ok) return context.fail(exported.error);
        if (options.out === undefined) {
          io.stdout.write(exported.data.csv);
          return;
        }
        const path = resolve(options.out);
        try {
          await writeFile(path, exported.data.csv, { mode: 0o600 });
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          return context.fail({
            kind: 'storage',
            field: '--out',
            message: `--out: cannot write ${path}${typeof code === 'string' ? ` (${code})` : ''}`,
          });
        }
        io.stdout.write(`# wrote ${path}\n`);
      }),
    );

  audit
    .command('unresolved')
    .description(
      'intents whose outcome is unknown (re-read the status, or retry with the same key in the app)',
    )
    .action(() =>
      context.withSession('manage', async (session) => {
        const open = await session.api.auditUnresolved({});
        if (!open.ok) return context.fail(open.error);
        if (context.json) context.print(asJson(open.data));
        else
          io.stdout.write(
            open.data.length === 0 ? '(none)\n' : `${open.data.map(unresolvedLine).join('\n\n')}\n`,
          );
      }),
    );
}
