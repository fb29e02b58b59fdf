import { memo } from 'react';
import type { BatchKind, BatchRow } from '../../../../shared/contract';
import { changeMark, type BatchColumn } from './batch-view';
import {
  CELL,
  MONO,
  CHANGED_CELL,
  NEW_CELL,
  FAILED_CELL,
  CHANGED_ROW,
  STICKY,
  stickyClass,
} from './batch-cells';
import type { RowWords } from './row-words';

export const BatchRowView = memo(function BatchRowView({
  position,
  row,
  kind,
  columns,
  words,
}: {
  position: number;
  row: BatchRow;
  kind: BatchKind;
  columns: readonly BatchColumn[];
  words: RowWords;
}) {
  const mark = changeMark(row);

  const cell = (column: BatchColumn) => {
    switch (column) {
      case 'index':
        return (
          <td key={column} className={`${CELL} ${STICKY}`}>
            {row.index + 1}
          </td>
        );
      case 'id':
        return (
          <td
            key={column}
            className={`${MONO} ${stickyClass(column, columns) ?? ''}`}
            title={row.id}
            data-copy-id={row.id}
          >
            <button
              type="button"
              className="paydesk-batch-copy"
              data-copy={row.id}
              aria-label={words.copyId}
            />
            {row.id}
          </td>
        );
      case 'state':
        return (
          <td key={column} className={row.state === 'failed' ? FAILED_CELL : CELL}>
            {words.state[row.state]}
          </td>
        );
      case 'status':
        return (
          <td key={column} className={CELL} data-status={row.status} title={row.status}>
            {row.status === undefined ? '—' : words.status(row.status)}
          </td>
        );
      case 'change': {
        const text = words.change(mark);
        return (
          <td
            key={column}
            className={mark.mark === 'changed' ? CHANGED_CELL : mark.mark === 'new' ? NEW_CELL : CELL}
            title={text}
          >
            {text}
          </td>
        );
      }
      case 'amount':
        if (row.amount !== undefined && row.currency === undefined) {
          const amount = words.money(row.amount);
          return (
            <td
              key={column}
              className={CELL}
              data-currency=""
              title={`${amount} ${words.currencyUnknown}: ${words.currencyUnknownHint}`}
            >
              {amount} <span className="paydesk-batch-dimmed">{words.currencyUnknown}</span>
            </td>
          );
        }
        return (
          <td key={column} className={CELL} data-currency={row.currency}>
            {row.amount === undefined ? '—' : words.money(row.amount, row.currency)}
          </td>
        );
      case 'usdAmount':
        return (
          <td key={column} className={CELL}>
            {row.usdAmount === undefined ? '—' : words.money(row.usdAmount, 'USD')}
          </td>
        );
      case 'invoiceId':
        return (
          <td key={column} className={CELL} title={row.invoiceId}>
            {row.invoiceId ?? '—'}
          </td>
        );
      case 'depositId':
        return (
          <td key={column} className={MONO}>
            {row.depositId === undefined ? '—' : String(row.depositId)}
          </td>
        );
      case 'country':
        return (
          <td key={column} className={CELL}>
            {row.country ?? '—'}
          </td>
        );
      case 'paymentMethod':
        return (
          <td key={column} className={CELL}>
            {row.paymentMethod ?? '—'}
          </td>
        );
      case 'rejection': {
        const text =
          row.rejectionCode === undefined && row.rejectionReason === undefined
            ? '—'
            : [row.rejectionCode, row.rejectionReason].filter((part) => part !== undefined).join(' · ');
        return (
          <td key={column} className={CELL} title={text}>
            {text}
          </td>
        );
      }
      case 'error': {
        if (!row.errorKind) {
          return (
            <td key={column} className={CELL}>
              —
            </td>
          );
        }
        const code = row.errorCode ?? row.httpStatus;
        const text = `${words.errorTitle(row.errorKind)}${code === undefined ? '' : ` (${code})`}`;
        return (
          <td
            key={column}
            className={FAILED_CELL}
            title={row.errorMessage ?? text}
            data-error-kind={row.errorKind}
          >
            {text}
          </td>
        );
      }
    }
  };

  return (
    <tr
      aria-rowindex={position + 2}
      data-testid="batch-row"
      data-id={row.id}
      data-state={row.state}
      data-status={row.status}
      data-change={mark.mark}
      data-kind={kind}
      className={mark.mark === 'changed' ? CHANGED_ROW : undefined}
    >
      {columns.map(cell)}
    </tr>
  );
});
