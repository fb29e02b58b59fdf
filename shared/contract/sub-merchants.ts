/** Sub-merchants: one by id, and the ones the active environment watches (`watchedSubMerchantIds`). */
import type { EnvironmentProfile } from './environments';
import type { Fetched, Result } from './results';

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

export interface SubMerchantsApi {
  getSubMerchant(arg: { subMerchantId: number }): Promise<Result<Fetched<SubMerchant>>>;
  listWatchedSubMerchants(arg: Record<string, never>): Promise<Result<WatchedSubMerchant[]>>;
  watchSubMerchant(arg: { subMerchantId: number }): Promise<Result<EnvironmentProfile>>;
  unwatchSubMerchant(arg: { subMerchantId: number }): Promise<Result<EnvironmentProfile>>;
}

export const SUB_MERCHANT_CHANNELS = {
  getSubMerchant: 'paydesk:sub-merchants:get',
  listWatchedSubMerchants: 'paydesk:sub-merchants:watched',
  watchSubMerchant: 'paydesk:sub-merchants:watch',
  unwatchSubMerchant: 'paydesk:sub-merchants:unwatch',
} as const satisfies { [K in keyof SubMerchantsApi]: `paydesk:${string}` };
