import { Alert, Box, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BatchParseResult } from '../../../../shared/contract';
import { useFormat } from '../../components/format-context';
import { sayText } from '../../lib/validation-text';

/** What main made of the input: ids kept, duplicates dropped, every token that is not an id. */
export function ParseSummary({ parsed }: { parsed: BatchParseResult }) {
  const { t } = useTranslation('batch');
  const format = useFormat();
  return (
    <Stack gap="xs" data-testid="batch-parsed">
      <Text size="sm" fw={700} data-testid="batch-parsed-count" data-count={parsed.ids.length}>
        {t('parsed.ids', { count: parsed.ids.length, formatted: format.number(parsed.ids.length) })}
      </Text>
      {parsed.header && (
        <Text size="sm" data-testid="batch-parsed-header">
          {parsed.idColumns
            ? t('parsed.headerColumns', {
                header: parsed.header.join(', '),
                columns: parsed.idColumns.join(', '),
              })
            : t('parsed.header', { header: parsed.header.join(', ') })}
        </Text>
      )}
      <Text size="sm" data-testid="batch-parsed-duplicates" data-count={parsed.duplicateCount}>
        {parsed.duplicateCount === 0
          ? t('parsed.noDuplicates')
          : t('parsed.duplicates', { count: parsed.duplicateCount })}
      </Text>
      {parsed.duplicates.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="batch-duplicate-list">
          {parsed.duplicates
            .map((duplicate) =>
              t('parsed.duplicateItem', { id: duplicate.id, occurrences: duplicate.occurrences }),
            )
            .join(' · ')}
        </Text>
      )}
      {parsed.invalidCount === 0 ? (
        <Text size="sm" data-testid="batch-invalid-count" data-count={0}>
          {t('parsed.noInvalid')}
        </Text>
      ) : (
        <Alert color="orange" variant="light" title={t('parsed.invalid', { count: parsed.invalidCount })}>
          <Stack gap="xs">
            <Text size="sm" data-testid="batch-invalid-count" data-count={parsed.invalidCount}>
              {parsed.invalid.length < parsed.invalidCount
                ? t('parsed.invalidFirst', { count: parsed.invalid.length })
                : t('parsed.invalidAll')}
            </Text>
            <Box
              mah={240}
              style={{ overflow: 'auto' }}
              tabIndex={0}
              role="region"
              aria-label={t('parsed.invalidTable')}
            >
              <Table verticalSpacing={4} data-testid="batch-invalid">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('parsed.column.row')}</Table.Th>
                    <Table.Th scope="col">{t('parsed.column.token')}</Table.Th>
                    <Table.Th scope="col">{t('parsed.column.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {parsed.invalid.map((token, index) => (
                    <Table.Tr key={index} data-token={token.token}>
                      <Table.Td>{token.row}</Table.Td>
                      <Table.Td ff="monospace">{token.token}</Table.Td>
                      <Table.Td>
                        {sayText(t, format.locale, { message: token.reason, text: token.text })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
