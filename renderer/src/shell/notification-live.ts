import type { ReceivedNotification } from '../../../shared/contract';
import type { environmentKeys } from '../api/query-keys';

/**
 * What a notification the desk's receiver took may have changed on this page (docs/architecture.md,
 * "Notifications"): main has already read the record's status and put it in the record index, so
 * the record's own screen, the lists and searches the index answers, and the inbox read again. A
 * deposit's refunds sit under the deposit's key, so they follow it. Only for the environment active
 * here: the same id elsewhere is another record.
 */
export function staleAfterNotification(
  received: Pick<ReceivedNotification, 'environmentId' | 'subject'>,
  keys: ReturnType<typeof environmentKeys>,
  activeEnvironmentId: string,
): ReadonlyArray<readonly unknown[]> {
  if (received.environmentId !== activeEnvironmentId) return [keys.receivedNotifications()];
  const record =
    received.subject.kind === 'deposit'
      ? keys.deposit(received.subject.id)
      : keys.refund(received.subject.id);
  return [keys.receivedNotifications(), record, keys.records()];
}
