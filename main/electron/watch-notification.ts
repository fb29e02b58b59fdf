import type { WatchChangedEvent, WatchKind } from '../../shared/contract';

/**
 * What the desktop notification of a watchlist change says. Pure (no electron import) so it is
 * tested in Node; main/index.ts shows it with Electron's Notification. The browser build shows
 * the same event as a toast in the renderer instead.
 */
export interface WatchNotificationContent {
  title: string;
  body: string;
  urgency: 'normal' | 'critical';
}

const KIND_LABEL: Record<WatchKind, string> = {
  deposit: 'Deposit',
  refund: 'Refund',
  cashout: 'Cashout',
  sub_merchant: 'Sub-merchant',
};

export function watchNotificationContent({
  item,
  change,
  severity,
}: WatchChangedEvent): WatchNotificationContent {
  const subject = `${KIND_LABEL[item.kind]} ${item.id}`;
  const move = change.from === null ? `first seen as ${change.to}` : `${change.from} → ${change.to}`;
  return severity === 'alarm'
    ? {
        title: `ALARM: ${subject} ${move}`,
        body: `This ${KIND_LABEL[item.kind].toLowerCase()} was reported as completed and is now rejected. Check it before anything else. (${item.environmentId})`,
        urgency: 'critical',
      }
    : { title: `${subject}: ${change.to}`, body: `${move} (${item.environmentId})`, urgency: 'normal' };
}
