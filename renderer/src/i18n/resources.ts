/**
 * The English texts' shapes, for typed `t()` keys (i18next.d.ts). Type-only imports: nothing
 * here reaches the bundle; the texts themselves are loaded lazily (index.ts).
 */
import type common from './locales/en/common.json';
import type errors from './locales/en/errors.json';
import type shell from './locales/en/shell.json';
import type lookup from './locales/en/lookup.json';
import type deposits from './locales/en/deposits.json';
import type environments from './locales/en/environments.json';
import type reference from './locales/en/reference.json';
import type subMerchants from './locales/en/sub-merchants.json';
import type sandbox from './locales/en/sandbox.json';
import type depositCreate from './locales/en/depositCreate.json';
import type refunds from './locales/en/refunds.json';
import type cashouts from './locales/en/cashouts.json';
import type batch from './locales/en/batch.json';
import type watchlist from './locales/en/watchlist.json';
import type audit from './locales/en/audit.json';
import type records from './locales/en/records.json';
import type reconcile from './locales/en/reconcile.json';
import type team from './locales/en/team.json';
import type notifications from './locales/en/notifications.json';

export declare const resources: {
  common: typeof common;
  errors: typeof errors;
  shell: typeof shell;
  lookup: typeof lookup;
  deposits: typeof deposits;
  environments: typeof environments;
  reference: typeof reference;
  'sub-merchants': typeof subMerchants;
  sandbox: typeof sandbox;
  depositCreate: typeof depositCreate;
  refunds: typeof refunds;
  cashouts: typeof cashouts;
  batch: typeof batch;
  watchlist: typeof watchlist;
  audit: typeof audit;
  records: typeof records;
  reconcile: typeof reconcile;
  team: typeof team;
  notifications: typeof notifications;
};
