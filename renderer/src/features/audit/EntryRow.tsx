import { Table, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView } from '../../../../shared/contract';
import { ClippedValue } from '../../components/ClippedValue';
import { STICKY_CELL } from '../../components/TableRegion';
import { Value } from '../../components/Value';
import { useFormat } from '../../components/format-context';
import { AuditStateBadge } from './AuditStateBadge';
import { auditIdPairs, type AuditColumn } from './audit-view';
import { IdPair } from './IdPair';
import { Person } from './Person';
import { Amount } from './Amount';
import { Outcome } from './Outcome';

/**
 * The ids column, which stays in view when the table scrolls sideways: an id is never cut (the
 * whole point of the column is to read it); a long one wraps between these widths instead.
 */
const IDS_CELL: CSSProperties = { ...STICKY_CELL, maxWidth: '15rem' };
const IDS_BOX: CSSProperties = { minWidth: '8rem' };

export function EntryRow({
  entry,
  columns,
  country,
}: {
  entry: AuditEntryView;
  columns: readonly AuditColumn[];
  /** The country its intent named: a deposit asked without a currency is in that country's. */
  country: string | undefined;
}) {
  const { t } = useTranslation('audit');
  // The kinds' names are the shell's (the environment switcher's words).
  const { t: shellText } = useTranslation('shell');
  const format = useFormat();
  const ids = auditIdPairs(entry.ids);
  const cell = (column: AuditColumn) => {
    switch (column) {
      case 'ids':
        return (
          <Table.Td key={column} data-field="ids" style={IDS_CELL}>
            {ids.length === 0 ? (
              <Value value={null} />
            ) : (
              <div style={IDS_BOX}>
                {ids.map(([field, text]) => (
                  <IdPair key={field} field={field} text={text} />
                ))}
              </div>
            )}
          </Table.Td>
        );
      case 'time':
        return <Table.Td key={column}>{format.dateTime(entry.time)}</Table.Td>;
      case 'environment':
        return (
          <Table.Td key={column}>
            {entry.environment ? (
              <>
                {entry.environment.name}{' '}
                <Text span size="xs" c="dimmed">
                  ({shellText(`kind.${entry.environment.kind}`)})
                </Text>
              </>
            ) : (
              <Value value={null} />
            )}
          </Table.Td>
        );
      case 'user':
        return (
          <Table.Td key={column} data-field="user">
            <Person entry={entry} />
          </Table.Td>
        );
      case 'amount':
        return (
          <Table.Td key={column} data-field="amount">
            <Amount entry={entry} country={country} />
          </Table.Td>
        );
      case 'action':
        return (
          <Table.Td key={column} data-field="action">
            {entry.action ? t(`action.${entry.action}`) : <Value value={null} />}
          </Table.Td>
        );
      case 'type':
        return (
          <Table.Td key={column} data-field="type">
            {t(`type.${entry.type}`)}
          </Table.Td>
        );
      case 'key':
        return (
          <Table.Td key={column} data-field="idempotencyKey">
            {entry.idempotencyKey ? (
              // The key's start tells lines apart; the whole key is in the tooltip and the copy button.
              <ClippedValue value={entry.idempotencyKey} label={t('entries.keyCopy')} width="8ch" />
            ) : (
              <Value value={null} />
            )}
          </Table.Td>
        );
      case 'reason':
        return (
          <Table.Td key={column} data-field="reason" style={{ overflowWrap: 'anywhere', minWidth: 64 }}>
            <Value value={entry.reason ?? entry.note} />
          </Table.Td>
        );
      case 'outcome':
        return (
          <Table.Td key={column} data-field="outcome">
            <Outcome entry={entry} />
          </Table.Td>
        );
      case 'state':
        return (
          <Table.Td key={column} data-field="state">
            {entry.state ? <AuditStateBadge state={entry.state} /> : <Value value={null} />}
          </Table.Td>
        );
      case 'error':
        return (
          <Table.Td key={column} data-field="errorKind">
            {entry.errorKind ? (
              <Text span ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.errorKind}
              </Text>
            ) : (
              <Value value={null} />
            )}
          </Table.Td>
        );
      case 'serviceCode':
        return (
          <Table.Td key={column} data-field="serviceCode">
            {entry.serviceCode === undefined && entry.httpStatus === undefined ? (
              <Value value={null} />
            ) : (
              <>
                {entry.serviceCode !== undefined && String(entry.serviceCode)}
                {entry.httpStatus !== undefined && (
                  <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {' '}
                    {t('entries.http', { status: entry.httpStatus })}
                  </Text>
                )}
              </>
            )}
          </Table.Td>
        );
    }
  };
  return (
    <Table.Tr
      data-testid="audit-row"
      data-seq={entry.seq}
      data-type={entry.type}
      data-action={entry.action}
      data-state={entry.state}
      data-intent-id={entry.intentId}
    >
      {columns.map(cell)}
    </Table.Tr>
  );
}
