import type { DeepLinkTarget } from '../../../shared/contract';
import type { JumpTarget } from '../lib/jump-parser';

/**
 * Every in-app URL, built in one place (hash router: these are the parts after `#`). A screen
 * that owns one of these paths must serve exactly this shape; links elsewhere use these builders.
 */
export const links = {
  lookup: () => '/',
  /** The jump box with a text in it and what the record index matches to it, across kinds. */
  lookupSearch: (text: string) => `/?q=${encodeURIComponent(text)}`,
  deposits: () => '/deposits',
  /** The records whose id, invoice id or external id the record index matches to `text`. */
  depositsSearch: (text: string) => `/deposits?q=${encodeURIComponent(text)}`,
  deposit: (depositId: number) => `/deposits/${depositId}`,
  depositCreate: () => '/deposits/new',
  refunds: () => '/refunds',
  refundsSearch: (text: string) => `/refunds?q=${encodeURIComponent(text)}`,
  refund: (refundId: number) => `/refunds/${refundId}`,
  refundCreate: (depositId: number) => `/refunds/new?depositId=${depositId}`,
  /** The refund form before a deposit is chosen. */
  refundCreateBlank: () => '/refunds/new',
  cashoutById: (cashoutId: number) => `/cashouts?cashoutId=${cashoutId}`,
  cashoutByExternalId: (externalId: string) => `/cashouts?externalId=${encodeURIComponent(externalId)}`,
  cashouts: () => '/cashouts',
  cashoutsSearch: (text: string) => `/cashouts?q=${encodeURIComponent(text)}`,
  /** Both ids (the cancel needs both); either alone gives cashoutById / cashoutByExternalId's shape. */
  cashout: ({ cashoutId, externalId }: { cashoutId?: number; externalId?: string }) => {
    const query = new URLSearchParams();
    if (cashoutId !== undefined) query.set('cashoutId', String(cashoutId));
    if (externalId !== undefined) query.set('externalId', externalId);
    return `/cashouts?${query.toString()}`;
  },
  subMerchants: () => '/sub-merchants',
  subMerchant: (subMerchantId: number) => `/sub-merchants/${subMerchantId}`,
  batch: () => '/batch',
  reconcile: () => '/reconcile',
  watchlist: () => '/watchlist',
  reference: () => '/reference',
  sandbox: () => '/sandbox',
  environments: () => '/environments',
  audit: () => '/audit',
  team: () => '/team',
  notifications: () => '/notifications',
  approvals: () => '/approvals',
  /** The approvals screen with one request open (its detail under the queue). */
  approval: (requestId: string) => `/approvals?request=${encodeURIComponent(requestId)}`,
  /** The panel that settles changes whose outcome is unknown. */
  listUnresolvedIntents: () => '/audit/unresolved',
} as const;

export function jumpHref(target: JumpTarget): string {
  switch (target.kind) {
    case 'deposit':
      return links.deposit(target.depositId);
    case 'refund':
      return links.refund(target.refundId);
    case 'cashout':
      return links.cashoutById(target.cashoutId);
    case 'cashout-external':
      return links.cashoutByExternalId(target.externalId);
    case 'sub-merchant':
      return links.subMerchant(target.subMerchantId);
  }
}

/** The screen of a `paydesk://` link's target (a record's, or the jump box's for a search). */
export function openedLinkHref(target: DeepLinkTarget): string {
  if (target.kind === 'search') return links.lookupSearch(target.text);
  if (target.kind === 'approval') return links.approval(target.requestId);
  return jumpHref(target);
}
