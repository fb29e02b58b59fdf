/**
 * Sub-merchants: one by id, and the balances of the ones the active environment watches. Watching
 * is the watchlist's (pinWatch / unpinWatch with kind `sub_merchant`): one list, two screens.
 */
import type { Fetched, Result } from './results';
import { method, type ApiOf } from './method';

interface SubMerchantBalance {
  currency?: string;
  total?: number;
  usable?: number;
  available?: number;
}

export interface SubMerchant {
  sub_merchant_id: number;
  markup_fee?: number;
  sub_merchant_name?: string;
  email?: string;
  status?: string;
  external_submerchant_id?: string;
  balance?: SubMerchantBalance;
}

export interface WatchedSubMerchant {
  subMerchantId: number;
  result: Result<Fetched<SubMerchant>>;
}

export const SUB_MERCHANT_METHODS = {
  getSubMerchant: method<{ subMerchantId: number }, Fetched<SubMerchant>>(),

  /** The sub-merchants pinned on the active environment's watchlist, in pin order, each read now. */
  listWatchedSubMerchants: method<Record<string, never>, WatchedSubMerchant[]>(),
};
export type SubMerchantsApi = ApiOf<typeof SUB_MERCHANT_METHODS>;
