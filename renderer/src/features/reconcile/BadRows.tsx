import { Alert, Box, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LedgerBadRow } from '../../../../shared/contract';
import { useFormat } from '../../components/format-context';
import { sayText } from '../../lib/validation-text';

export function BadRows({ badRows, count }: { badRows: readonly LedgerBadRow[]; count: number }) {
  const { t } = useTranslation('reconcile');
  const format = useFormat();
  // The cell (its field as the mapping names it, and its text) before why it cannot be read; a row
  // of a run kept before keys existed has only main's English reason, which names the cell itself.
  const reasonOf = (row: LedgerBadRow): string => {
    const said = sayText(t, format.locale, { message: row.reason, text: row.text });
    return row.text && row.field && row.value !== undefined
      ? `${t(`field.${row.field}`)} "${row.value}": ${said}`
      : said;
  };
  if (count === 0) {
    return (
      <Text size="sm" data-testid="reconcile-bad-count" data-count={0}>
        {t('badRows.none')}
      </Text>
    );
  }
  return (
    <Alert color="orange" variant="light" title={t('badRows.title', { count })}>
      <Stack gap="xs">
        <Text size="sm" data-testid="reconcile-bad-count" data-count={count}>
          {badRows.length < count ? t('badRows.first', { count: badRows.length }) : t('badRows.all')}
        </Text>
        <Box
          mah={240}
          style={{ overflow: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label={t('badRows.table')}
        >
          <Table verticalSpacing={4} data-testid="reconcile-bad-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('badRows.line')}</Table.Th>
                <Table.Th scope="col">{t('badRows.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {badRows.map((row) => (
                <Table.Tr key={row.line} data-line={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{reasonOf(row)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </Stack>
    </Alert>
  );
}
