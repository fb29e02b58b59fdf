import { Code, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { JumpForm } from '../../shell/JumpForm';

const EXAMPLES = [
  ['300000001', 'deposit'],
  ['dep 300000001', 'deposit'],
  ['ref 17', 'refund'],
  ['co 11954', 'cashout'],
  ['ext payout-7781', 'cashout-external'],
  ['sm 18703', 'sub-merchant'],
] as const;

/** Home: the jump box inline and focused, so typing an id is the first thing that works. */
export default function LookupScreen() {
  const { t } = useTranslation(['lookup', 'shell']);
  return (
    <Stack maw={760}>
      <Title order={2}>{t('lookup:title')}</Title>
      <Text>{t('lookup:intro')}</Text>
      <Paper withBorder p="md">
        <JumpForm autoFocus />
      </Paper>
      <Table withTableBorder={false} verticalSpacing={4} maw={520} captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>{t('lookup:examplesCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('lookup:typed')}</Table.Th>
            <Table.Th scope="col">{t('lookup:opens')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {EXAMPLES.map(([typed, kind]) => (
            <Table.Tr key={typed}>
              <Table.Td>
                <Code>{typed}</Code>
              </Table.Td>
              <Table.Td>{t(`shell:jump.kind.${kind}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        {t('lookup:shortcut')}
      </Text>
    </Stack>
  );
}
