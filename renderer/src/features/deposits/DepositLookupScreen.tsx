import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorNotice } from '../../components/ErrorNotice';
import { parsePositiveId } from '../../lib/jump-parser';
import { links } from '../../shell/links';
import { DepositDetail } from './DepositDetail';

/** /deposits (a lookup form) and /deposits/:depositId (the form and the record). */
export default function DepositLookupScreen() {
  const { t } = useTranslation('deposits');
  const params = useParams<{ depositId: string }>();
  const routeId = params.depositId === undefined ? null : parsePositiveId(params.depositId);

  return (
    <Stack>
      <Title order={2}>{t('lookup.title')}</Title>
      <DepositIdForm key={params.depositId ?? ''} initial={params.depositId ?? ''} />
      {params.depositId !== undefined && routeId === null && (
        <ErrorNotice
          error={{
            kind: 'validation',
            field: 'depositId',
            message: t('lookup.badRouteId', { value: params.depositId }),
          }}
        />
      )}
      {routeId !== null && <DepositDetail depositId={routeId} />}
    </Stack>
  );
}

function DepositIdForm({ initial }: { initial: string }) {
  const { t } = useTranslation('deposits');
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  return (
    <Paper withBorder p="md" maw={560}>
      <form
        role="search"
        aria-label={t('lookup.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          const id = parsePositiveId(text.trim());
          if (id === null) {
            setInvalid(true);
            return;
          }
          setInvalid(false);
          void navigate(links.deposit(id));
        }}
      >
        <TextInput
          label={t('lookup.idLabel')}
          description={t('lookup.idHint')}
          value={text}
          inputMode="numeric"
          autoComplete="off"
          autoFocus={initial === ''}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setInvalid(false);
          }}
          error={invalid ? t('lookup.invalidId') : undefined}
          data-testid="deposit-id-input"
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1 }}>{input}</div>
              <Button type="submit" data-testid="deposit-lookup-submit">
                {t('lookup.submit')}
              </Button>
            </Group>
          )}
        />
      </form>
    </Paper>
  );
}
