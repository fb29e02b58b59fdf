import { Input, NativeSelect, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  BATCH_KINDS,
  LEDGER_FIELDS,
  type BatchKind,
  type LedgerColumnChoice,
  type ReconcileLedgerView,
} from '../../../../shared/contract';
import { useFormat } from '../../components/format-context';
import { chooseColumn } from './reconcile-view';
import { BadRows } from './BadRows';

export function LedgerPreview({
  ledger,
  choices,
  kind,
  onChange,
  pending,
}: {
  ledger: ReconcileLedgerView;
  choices: Record<string, LedgerColumnChoice>;
  kind: BatchKind;
  onChange: (choices: Record<string, LedgerColumnChoice>, kind: BatchKind) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('reconcile');
  const format = useFormat();
  const options = [
    { value: 'ignore', label: t('field.ignore') },
    ...LEDGER_FIELDS.map((field) => ({ value: field, label: t(`field.${field}`) })),
  ];
  return (
    <Stack gap="sm" data-testid="reconcile-preview" aria-busy={pending || undefined}>
      <Text
        size="sm"
        data-testid="reconcile-read-summary"
        data-rows={ledger.rows}
        data-entries={ledger.entries}
      >
        {t('ledger.summary', {
          name: ledger.ledgerName,
          format: ledger.format.toUpperCase(),
          rows: format.number(ledger.rows),
          entries: format.number(ledger.entries),
          separator: ledger.decimalSeparator,
        })}
      </Text>
      <Input.Wrapper label={t('kind.label')} labelElement="div" id="reconcile-kind">
        <div>
          <SegmentedControl
            value={kind}
            onChange={(value) => onChange(choices, value as BatchKind)}
            data={BATCH_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))}
            aria-labelledby="reconcile-kind-label"
            data-testid="reconcile-kind"
            style={{ maxWidth: 480 }}
          />
        </div>
      </Input.Wrapper>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={4} data-testid="reconcile-mapping" captionSide="top">
          <Table.Caption>{t('mapping.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('mapping.column')}</Table.Th>
              <Table.Th scope="col">{t('mapping.field')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ledger.header.map((column, index) => (
              <Table.Tr key={`${index}-${column}`} data-column={column}>
                <Table.Td ff="monospace">{column}</Table.Td>
                <Table.Td>
                  <NativeSelect
                    aria-label={t('mapping.selectLabel', { column })}
                    value={choices[column] ?? 'ignore'}
                    data={options}
                    onChange={(event) =>
                      onChange(
                        chooseColumn(choices, column, event.currentTarget.value as LedgerColumnChoice),
                        kind,
                      )
                    }
                    data-testid="reconcile-map-select"
                    w={220}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <BadRows badRows={ledger.badRows} count={ledger.badRowCount} />
    </Stack>
  );
}
