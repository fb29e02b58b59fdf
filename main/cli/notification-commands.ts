import type { Command } from 'commander';
import {
  NOTIFICATION_TEXT_MAX_BYTES,
  type NotificationCheck,
  type NotificationVerdict,
  type ReceivedNotification,
} from '../../shared/contract';
import { asJson, readInputText } from './input';
import { printable } from './output';
import { invalidOption, type CommandContext } from './command-context';

/**
 * `paydesk notifications verify <file|->`: is a notification (D11) genuine? The core checks it
 * against every environment's key and reads the named record's status now; this only shows it.
 */

/**
 * Exit codes of `verify`, by verdict: 0 genuine; 1 it must not be acted on (another key, an
 * unknown login, a broken signature, an old date); 2 it could not be checked at all.
 */
const VERDICT_EXIT: Record<NotificationVerdict['verdict'], number> = {
  genuine: 0,
  stale: 1,
  bad_signature: 1,
  other_key: 1,
  unknown_login: 1,
  malformed: 2,
};

function names(check: NotificationCheck, ids: readonly string[]): string {
  return ids
    .map((id) => {
      const found = check.checked.find((environment) => environment.id === id);
      return found ? `${printable(found.name)} (${found.id}, ${found.kind})` : printable(id);
    })
    .join(', ');
}

/** The verdict in one line a support person can read out. */
function verdictLine(check: NotificationCheck): string {
  const { verdict } = check;
  switch (verdict.verdict) {
    case 'genuine':
      return `genuine: signed with the key of ${names(check, verdict.environmentIds)}`;
    case 'stale':
      return `stale: signed with the key of ${names(check, verdict.environmentIds)}, but its X-Date is ${verdict.date.ageSeconds} s from this clock (more than ${verdict.date.maxAgeSeconds} s): a replay, or a clock that is off`;
    case 'bad_signature':
      return `not genuine: the X-Login is that of ${names(check, verdict.environmentIds)}, but its key did not sign this body and date (altered in transit or forged)`;
    case 'other_key':
      return `not genuine: signed with the secret of ${names(check, verdict.environmentIds)} under another environment's X-Login`;
    case 'unknown_login':
      return 'unknown: no environment here has this X-Login, and no secret here signed it';
    case 'malformed':
      return `cannot be checked (${verdict.problem}): ${verdict.message}`;
  }
}

function humanLines(check: NotificationCheck): string[] {
  const { verdict } = check;
  const lines = [`verdict: ${verdictLine(check)}`];
  if (verdict.verdict === 'genuine' || verdict.verdict === 'stale') {
    lines.push(`record: ${verdict.subject.kind} ${verdict.subject.id}`);
  }
  if (verdict.verdict !== 'malformed') {
    const { xDate, ageSeconds } = verdict.date;
    lines.push(
      `x-date: ${printable(xDate)} (${ageSeconds >= 0 ? `${ageSeconds} s old` : `${-ageSeconds} s in the future`})`,
    );
  }
  if (check.current) {
    const { status, environmentId } = check.current;
    lines.push(
      status.ok
        ? `status now: ${printable(status.data.status)} (read in ${names(check, [environmentId])})`
        : `status now: not read (${status.error.kind}): ${status.error.message}`,
    );
  }
  if (check.checked.length > 0)
    lines.push(
      `checked against: ${names(
        check,
        check.checked.map((e) => e.id),
      )}`,
    );
  for (const skipped of check.unchecked) {
    lines.push(`not checked: ${printable(skipped.environmentId)}: ${skipped.reason}`);
  }
  return lines;
}

export function describeNotificationCommands(program: Command, context: CommandContext): void {
  const notifications = program
    .command('notifications')
    .description('notifications (D11) the service sends: is one genuine, and what does it name');

  notifications
    .command('verify')
    .description(
      "check a notification's signature against every environment's key, its X-Date, and read the record it names",
    )
    .argument(
      '<file|->',
      'the notification: its HTTP request as saved, or its headers, a blank line and its body; - for stdin',
    )
    .addHelpText(
      'after',
      `
Exit: 0 genuine; 1 not to be acted on (stale, bad_signature, other_key, unknown_login);
2 it cannot be checked (malformed), or bad usage. The status read does not change the exit code.`,
    )
    .action((source: string) =>
      context.withSession('read', async (session) => {
        const text = await readInputText(source, context.io.stdin, {
          maxBytes: NOTIFICATION_TEXT_MAX_BYTES,
          field: 'source',
          advice: 'a notification is a few headers and a body of a few bytes: is it the right file?',
        });
        if (!text.ok) return context.fail(text.error);
        const check = await session.api.verifyNotification({ text: text.data });
        if (!check.ok) return context.fail(await session.explain(check.error));
        if (context.json) context.print(asJson(check.data));
        else context.io.stdout.write(`${humanLines(check.data).join('\n')}\n`);
        context.exit(VERDICT_EXIT[check.data.verdict.verdict]);
      }),
    );

  notifications
    .command('receive')
    .description(
      'listen for notifications: verify each, read its record, record it once per (record, status); Ctrl-C stops',
    )
    .requiredOption('--port <n>', 'the port to listen on (0: any free one, printed)')
    .option(
      '--host <address>',
      'the address to listen on; put anything but loopback behind an HTTPS proxy',
      '127.0.0.1',
    )
    .addHelpText(
      'after',
      `
Answers 200 only when the notification verified and was recorded; a refusal is a typed JSON
answer ({"refused": …}) the service retries (D11). A repeat of a (record, status) already taken
is counted, not acted on again. Behind a real environment, see the README's "Notifications".`,
    )
    .action((flags: { port: string; host: string }) => {
      const port = /^\d{1,5}$/.test(flags.port) ? Number(flags.port) : Number.NaN;
      if (!(port >= 0 && port <= 65_535))
        return context.fail(invalidOption('--port', 'must be 0 to 65535').error);
      return context.withSession('read', async (session) => {
        const stop = session.events.on('notificationReceived', (received) => {
          // One JSON line per notification, so a reader can follow the stream line by line.
          if (context.json) context.io.stdout.write(`${JSON.stringify({ received })}\n`);
          else context.io.stdout.write(`${receivedLine(received)}\n`);
        });
        const receiver = await session.receiveNotifications({
          port,
          host: flags.host,
          onRefusal: (refused, message) => context.note(`refused (${refused}): ${message}`),
        });
        if (!receiver.ok) {
          stop();
          return context.fail(receiver.error);
        }
        context.note(`listening on ${receiver.data.url}; Ctrl-C stops`);
        await new Promise<void>((resolve) => {
          const signal = context.io.signal;
          if (!signal) return;
          if (signal.aborted) resolve();
          signal.addEventListener('abort', () => resolve(), { once: true });
        });
        stop();
      });
    });
}

/** `2024-03-05T14:07:09.000Z deposit 5 COMPLETED in testing (first)`, or `(repeat, 3 times)`. */
function receivedLine(received: ReceivedNotification): string {
  const { subject, status, count, lastAt, environmentId } = received;
  const times = count === 1 ? 'first' : `repeat, ${count} times`;
  return `${lastAt} ${subject.kind} ${subject.id} ${printable(status)} in ${printable(environmentId)} (${times})`;
}
