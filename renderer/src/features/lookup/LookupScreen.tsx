import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { JumpForm } from '../../shell/JumpForm';

const EXAMPLES = [
  ['300000001', 'deposit'],
  ['dep 300000001', 'deposit'],
  ['ref 17', 'refund'],
  ['co 11954', 'cashout'],
  ['ext payout-7781', 'cashout-external'],
  ['sm 18703', 'sub-merchant'],
] as const;

/**
 * Home: the jump box inline and focused, so typing an id is the first thing that works. `?q=…`
 * (a `paydesk://search` link) starts it with that text and its matches.
 */
export default function LookupScreen() {
  const { t } = useTranslation(['lookup', 'shell']);
  const [search] = useSearchParams();
  const searched = search.get('q') ?? '';
  return (
    <Stack maw={760}>
      <Title order={2}>{t('lookup:title')}</Title>
      <Text>{t('lookup:intro')}</Text>
      <Paper withBorder p="md">
        {/* Keyed by the text: a second search link starts the box over with its own. */}
        <JumpForm key={searched} autoFocus initialText={searched} />
      </Paper>
      {/* A plain table (global.css): Mantine's Table would bring floating-ui into the first screen. */}
      <table className="paydesk-examples">
        <caption>{t('lookup:examplesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lookup:typed')}</th>
            <th scope="col">{t('lookup:opens')}</th>
          </tr>
        </thead>
        <tbody>
          {EXAMPLES.map(([typed, kind]) => (
            <tr key={typed}>
              <td>
                <Code>{typed}</Code>
              </td>
              <td>{t(`shell:jump.kind.${kind}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Text size="sm" c="dimmed">
        {t('lookup:shortcut')}
      </Text>
    </Stack>
  );
}
