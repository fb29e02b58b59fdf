import { z } from 'zod';
import type {
  EnvironmentProfile,
  NotificationCheck,
  NotificationEnvironment,
  NotificationsApi,
  NotificationSubject,
  Result,
} from '../../../shared/contract';
import { EMBEDDED_SANDBOX_BASE_URL, NOTIFICATION_TEXT_MAX_BYTES } from '../../../shared/contract';
import {
  parseNotificationText,
  verifyNotification,
  type NotificationKey,
  type NotificationRequest,
} from '../notifications/verify';
import type { ReceiverAnswer, ReceiverRefusal } from '../notifications/receiver';
import type { EnvironmentConnection } from './connections';
import type { ConsoleContext } from './context';
import type { ConsoleMethods } from './method';
import { depositObservation, refundObservation, seenNow } from './observations';

/**
 * Notifications (D11) as the console checks them: against the key of every environment this
 * desk knows, then the named record's status read in the environment that signed it, since a
 * notification is only a trigger and the status read is the truth.
 */

interface KnownKeys {
  keys: NotificationKey[];
  checked: NotificationEnvironment[];
  unchecked: NotificationCheck['unchecked'];
}

/** Every profile, and the runtime's own one (the CLI's PAYDESK_BASE_URL), once each. */
async function knownProfiles(context: ConsoleContext): Promise<Result<EnvironmentProfile[]>> {
  const list = await context.environments.list();
  if (!list.ok) return list;
  const profiles = [...list.data.environments];
  const active = await context.activeEnvironmentId();
  if (active.ok && !profiles.some((profile) => profile.id === active.data)) {
    const profile = await context.profile(active.data);
    if (profile.ok) profiles.push(profile.data);
  }
  return { ok: true, data: profiles };
}

/**
 * The notification keys of every known environment. The embedded sandbox's is taken only when
 * it already runs in this process: one started for the check would be a new world (D19) that
 * never sent anything.
 */
async function notificationKeys(context: ConsoleContext): Promise<Result<KnownKeys>> {
  const profiles = await knownProfiles(context);
  if (!profiles.ok) return profiles;
  const known: KnownKeys = { keys: [], checked: [], unchecked: [] };
  for (const profile of profiles.data) {
    if (profile.baseUrl === EMBEDDED_SANDBOX_BASE_URL && !context.connections.peek(profile.id)) {
      known.unchecked.push({
        environmentId: profile.id,
        reason: 'The embedded sandbox is not running in this process.',
      });
      continue;
    }
    const connection = await context.connections.connect(profile.id);
    const key = connection.ok ? await connection.data.notificationKey() : connection;
    if (!key.ok) {
      known.unchecked.push({ environmentId: profile.id, reason: key.error.message });
      continue;
    }
    known.keys.push({ environmentId: profile.id, ...key.data });
    known.checked.push({ id: profile.id, name: profile.name, kind: profile.kind });
  }
  return { ok: true, data: known };
}

/** The named record's status read now, noted in the record index as any lookup is. */
async function readNotifiedStatus(
  context: ConsoleContext,
  connection: EnvironmentConnection,
  subject: NotificationSubject,
): Promise<Result<{ status: string }>> {
  const seen = seenNow(connection.profile.id, 'lookup', context.now());
  if (subject.kind === 'deposit') {
    const read = await connection.client.getDeposit(subject.id);
    if (!read.ok) return read;
    context.records.observe([depositObservation(seen, read.data.record)]);
    return { ok: true, data: { status: read.data.record.status } };
  }
  const read = await connection.client.getRefund(subject.id);
  if (!read.ok) return read;
  context.records.observe([refundObservation(seen, subject.id, read.data.record)]);
  return { ok: true, data: { status: read.data.record.status } };
}

async function checkNotificationText(
  context: ConsoleContext,
  text: string,
): Promise<Result<NotificationCheck>> {
  const parsed = parseNotificationText(text);
  if (!parsed.ok) return { ok: true, data: { verdict: parsed.verdict, checked: [], unchecked: [] } };
  const known = await notificationKeys(context);
  if (!known.ok) return known;
  const verdict = verifyNotification(parsed.data, known.data.keys, context.now());
  const check: NotificationCheck = { verdict, checked: known.data.checked, unchecked: known.data.unchecked };
  if (verdict.verdict !== 'genuine' && verdict.verdict !== 'stale') return { ok: true, data: check };
  const environmentId = verdict.environmentIds[0];
  if (environmentId === undefined) return { ok: true, data: check };
  const connection = await context.connections.connect(environmentId);
  const status = connection.ok
    ? await readNotifiedStatus(context, connection.data, verdict.subject)
    : connection;
  return { ok: true, data: { ...check, current: { environmentId, status } } };
}

export const NOTIFICATION_HANDLERS: ConsoleMethods<keyof NotificationsApi> = {
  verifyNotification: {
    // Characters, not bytes, here; the parser refuses more than its byte limit with a verdict.
    arg: z.strictObject({ text: z.string().max(NOTIFICATION_TEXT_MAX_BYTES) }),
    handle: (context, arg) => checkNotificationText(context, arg.text),
  },

  listReceivedNotifications: {
    arg: z.strictObject({ limit: z.number().int().min(1).max(500).optional() }),
    handle: async (context, arg) => {
      const inbox = await context.notificationInbox();
      return inbox.ok ? inbox.data.latest(arg.limit ?? 100) : inbox;
    },
  },
};

const refused = (refusal: ReceiverRefusal, message: string): ReceiverAnswer => ({
  taken: false,
  refused: refusal,
  message,
});

/**
 * Takes one notification the receiver let through: verified against every known key, the status
 * read where it was signed, then recorded once per (account, record, status). Only a first one
 * is told to the screens as new; a repeat is counted. Anything short of recorded is a refusal,
 * so the service sends it again (D11) and nothing is lost.
 */
export async function takeNotification(
  context: ConsoleContext,
  request: NotificationRequest,
): Promise<ReceiverAnswer> {
  const known = await notificationKeys(context);
  if (!known.ok) return refused('not_recorded', known.error.message);
  const verdict = verifyNotification(request, known.data.keys, context.now());
  if (verdict.verdict === 'malformed') return refused('malformed', verdict.message);
  if (verdict.verdict === 'stale') {
    return refused(
      'stale',
      `X-Date is ${verdict.date.ageSeconds} s from this clock: more than ${verdict.date.maxAgeSeconds} s.`,
    );
  }
  if (verdict.verdict !== 'genuine')
    return refused('not_genuine', `The signature does not hold (${verdict.verdict}).`);
  const environmentId = verdict.environmentIds[0];
  if (environmentId === undefined) return refused('not_genuine', 'No environment signed it.');
  const connection = await context.connections.connect(environmentId);
  if (!connection.ok) return refused('status_unread', connection.error.message);
  const account = await connection.data.account();
  if (!account.ok) return refused('status_unread', account.error.message);
  const status = await readNotifiedStatus(context, connection.data, verdict.subject);
  if (!status.ok) return refused('status_unread', status.error.message);
  const inbox = await context.notificationInbox();
  if (!inbox.ok) return refused('not_recorded', inbox.error.message);
  const recorded = inbox.data.record({
    account: account.data.payments,
    environmentId,
    subject: verdict.subject,
    status: status.data.status,
    at: new Date(context.now()),
  });
  if (!recorded.ok) return refused('not_recorded', recorded.error.message);
  context.events.emit('notificationReceived', recorded.data);
  return { taken: true, count: recorded.data.count };
}

/**
 * A deposit or refund body for the embedded sandbox with this console's receiver as its
 * notification_url, when it names none, so a payment made on the sandbox's checkout page (or a
 * refund it settles) shows up by itself (docs/architecture.md, Notifications). Any other service: as it was.
 */
export async function withSandboxNotificationUrl<Body extends { notification_url?: string | undefined }>(
  context: ConsoleContext,
  connection: EnvironmentConnection,
  body: Body,
): Promise<Body> {
  if (connection.sandbox === null || body.notification_url !== undefined) return body;
  const url = await context.sandboxNotificationUrl();
  return url === undefined ? body : { ...body, notification_url: url };
}
