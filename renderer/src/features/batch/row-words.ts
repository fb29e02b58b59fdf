import type { TFunction } from 'i18next';
import {
  BATCH_ROW_STATES,
  type BatchKind,
  type BatchRowState,
  type ErrorKind,
} from '../../../../shared/contract';
import { statusLabel } from '../../components/StatusBadge';
import { BATCH_STATUS_ENTITY, type ChangeMark } from './batch-view';

/**
 * What rows show besides their data, in the active language: looked up once per table (and each
 * text once), so a row renders without a hook of its own.
 */
export interface RowWords {
  loading: string;
  copyId: string;
  state: Record<BatchRowState, string>;
  /** A status's word (the service's code when this version does not know it). */
  status(status: string): string;
  change(mark: ChangeMark): string;
  errorTitle(kind: ErrorKind): string;
  money(amount: number, currency?: string): string;
  /** For an amount whose currency the console does not know (a refund of an unseen deposit). */
  currencyUnknown: string;
  currencyUnknownHint: string;
}

export function rowWords(
  t: TFunction<['batch', 'errors']>,
  tCommon: TFunction<'common'>,
  kind: BatchKind,
  money: RowWords['money'],
): RowWords {
  const state = Object.fromEntries(
    BATCH_ROW_STATES.map((rowState) => [rowState, t(`batch:rowState.${rowState}`)]),
  ) as Record<BatchRowState, string>;
  const marks = { new: t('batch:change.new'), same: t('batch:change.same') };
  const changed = new Map<string, string>();
  const errorTitles = new Map<ErrorKind, string>();
  const statuses = new Map<string, string>();
  const status = (code: string) => {
    let word = statuses.get(code);
    if (word === undefined) {
      word = statusLabel(tCommon, BATCH_STATUS_ENTITY[kind], code);
      statuses.set(code, word);
    }
    return word;
  };
  return {
    loading: t('batch:results.rowLoading'),
    copyId: t('batch:results.copyId'),
    state,
    status,
    change(mark) {
      if (mark.mark === 'none') return '—';
      if (mark.mark !== 'changed') return marks[mark.mark];
      const previous = mark.previous === null ? t('batch:change.notFoundBefore') : status(mark.previous);
      let text = changed.get(previous);
      if (text === undefined) {
        text = t('batch:change.changed', { previous });
        changed.set(previous, text);
      }
      return text;
    },
    errorTitle(kind) {
      let title = errorTitles.get(kind);
      if (title === undefined) {
        title = t(`errors:kind.${kind}.title`);
        errorTitles.set(kind, title);
      }
      return title;
    },
    money,
    currencyUnknown: tCommon('amount.currencyUnknown'),
    currencyUnknownHint: tCommon('amount.currencyUnknownHint'),
  };
}
