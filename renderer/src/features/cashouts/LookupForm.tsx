import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { links } from '../../shell/links';
import { problemsByInput, readCashoutIds, type CashoutIdsText } from './cashout-ref';
import { IdInputs, useProblemTexts } from './IdInputs';

/** A cashout looked up by either id or both: the address says which, and the status follows it. */
export function LookupForm({
  initialCashoutId,
  initialExternalId,
}: {
  initialCashoutId: string;
  initialExternalId: string;
}) {
  const { t } = useTranslation('cashouts');
  const navigate = useNavigate();
  const [cashoutId, setCashoutId] = useState(initialCashoutId);
  const [externalId, setExternalId] = useState(initialExternalId);
  const [result, setResult] = useState<CashoutIdsText | null>(null);
  const problemTexts = useProblemTexts();
  return (
    <Paper withBorder p="md" component="section" aria-label={t('lookup.title')}>
      <form
        role="search"
        aria-label={t('lookup.formLabel')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const read = readCashoutIds(cashoutId, externalId, { needBoth: false });
          setResult(read);
          if (read.ok) void navigate(links.cashout(read.ref));
        }}
      >
        <Stack>
          <Title order={3} size="h5">
            {t('lookup.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('lookup.explain')}
          </Text>
          <IdInputs
            cashoutId={cashoutId}
            externalId={externalId}
            onCashoutId={(value) => {
              setCashoutId(value);
              setResult(null);
            }}
            onExternalId={(value) => {
              setExternalId(value);
              setResult(null);
            }}
            errors={result ? problemTexts(problemsByInput(result)) : {}}
            required={false}
            testIdPrefix="lookup"
            autoFocus={initialCashoutId === '' && initialExternalId === ''}
          />
          <Group justify="flex-end">
            <Button type="submit" data-testid="cashout-lookup-submit">
              {t('lookup.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
