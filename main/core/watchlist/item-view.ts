import { WATCH_KINDS, type WatchItem, type WatchKind, type WatchTotal } from '../../../shared/contract';
import { sumAmounts } from '../money';
import type { StoredItem } from './store';

export function itemView(item: StoredItem): WatchItem {
  return {
    environmentId: item.environmentId,
    kind: item.kind,
    id: item.id,
    pinnedAt: item.pinnedAt,
    status: item.status,
    lastCheckedAt: item.lastCheckedAt,
    lastChangeAt: item.lastChangeAt,
    lastError: item.lastError ? { ...item.lastError } : null,
    alarm: item.alarm,
    changes: item.changes,
    ...(item.amount !== undefined && { amount: item.amount }),
    ...(item.currency !== undefined && { currency: item.currency }),
  };
}

/**
 * The pinned objects' amounts per kind and currency, each added at its currency's precision
 * (main/core/money.ts). A balance and a deposit's amount are different things, so they are never
 * added together; an amount without a known currency is in no total.
 */
export function watchTotals(items: readonly WatchItem[]): WatchTotal[] {
  const groups = new Map<string, { kind: WatchKind; currency: string; amounts: number[] }>();
  for (const item of items) {
    if (item.amount === undefined || item.currency === undefined) continue;
    const key = `${item.kind}\u0000${item.currency}`;
    const group = groups.get(key) ?? { kind: item.kind, currency: item.currency, amounts: [] };
    group.amounts.push(item.amount);
    groups.set(key, group);
  }
  const totals: WatchTotal[] = [];
  for (const { kind, currency, amounts } of groups.values()) {
    const amount = sumAmounts(amounts, currency);
    if (amount !== null) totals.push({ kind, currency, amount, count: amounts.length });
  }
  const order = (kind: WatchKind): number => WATCH_KINDS.indexOf(kind);
  return totals.sort((a, b) => order(a.kind) - order(b.kind) || a.currency.localeCompare(b.currency));
}
