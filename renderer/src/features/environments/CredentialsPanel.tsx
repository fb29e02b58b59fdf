import { Alert, Button, Group, PasswordInput, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import {
  CREDENTIAL_SETS,
  type CredentialField,
  type CredentialFieldStatus,
  type CredentialSet,
  type CredentialSetState,
} from '../../../../shared/contract';
import { useActiveEnvironmentId } from '../../api/environment';
import { useEnvironmentQuery } from '../../api/queries';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SolidBadge, type BadgeColor } from '../../components/SolidBadge';
import { QueryState } from '../../components/QueryState';
import { Absent } from '../../components/Value';
import { useFormat } from '../../components/format-context';
import { environmentQueries, useCredentialActions } from './use-environment-actions';

const SET_COLORS: Record<CredentialSetState, BadgeColor> = {
  complete: 'green',
  partial: 'yellow',
  missing: 'gray',
};

function useCredentialStatus(environmentId: string) {
  return useEnvironmentQuery(environmentQueries.credentials(useActiveEnvironmentId(), environmentId));
}

/**
 * The six credential fields of one environment: whether each is set, its masked hint and when
 * it was set. A value is typed once, sent once and the input cleared; it is never shown back.
 */
export function CredentialsPanel({ environmentId, name }: { environmentId: string; name: string }) {
  const { t } = useTranslation('environments');
  const query = useCredentialStatus(environmentId);
  return (
    <QueryState query={query} label={t('credentials.loading', { name })}>
      {(status) => (
        <Stack gap="sm">
          <Group gap="xs">
            {(Object.keys(CREDENTIAL_SETS) as CredentialSet[]).map((set) => (
              <SolidBadge
                key={set}
                color={SET_COLORS[status.sets[set]]}
                data-credential-set={set}
                data-state={status.sets[set]}
              >
                {t(`credentials.set.${set}`)}: {t(`credentials.setState.${status.sets[set]}`)}
              </SolidBadge>
            ))}
          </Group>
          {status.source === 'embedded-sandbox' && (
            <Alert color="blue" title={t('credentials.embeddedTitle')}>
              {t('credentials.embeddedBody')}
            </Alert>
          )}
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-label={t('credentials.tableLabel', { name })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('credentials.column.field')}</Table.Th>
                  <Table.Th scope="col">{t('credentials.column.status')}</Table.Th>
                  <Table.Th scope="col">{t('credentials.column.hint')}</Table.Th>
                  <Table.Th scope="col">{t('credentials.column.setAt')}</Table.Th>
                  <Table.Th scope="col">{t('credentials.column.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {status.fields.map((field) => (
                  <CredentialRow
                    key={field.field}
                    environmentId={environmentId}
                    status={field}
                    editable={status.source === 'keychain'}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </QueryState>
  );
}

function CredentialRow({
  environmentId,
  status,
  editable,
}: {
  environmentId: string;
  status: CredentialFieldStatus;
  editable: boolean;
}) {
  const { t } = useTranslation('environments');
  const format = useFormat();
  const { set, clear } = useCredentialActions(environmentId);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [confirmClear, setConfirmClear] = useState(false);
  const label = t(`credentials.field.${status.field}`);

  const save = (field: CredentialField) => {
    const typed = value;
    // The secret leaves the page's state at once: only the request still holds it.
    setValue('');
    set.mutate(
      { field, value: typed },
      {
        onSuccess: () => {
          setEditing(false);
          notify({ color: 'green', message: t('credentials.saved', { field: label }) });
        },
      },
    );
  };

  return (
    <>
      <Table.Tr data-credential-field={status.field} data-set={status.set}>
        <Table.Th scope="row" fw={500}>
          {label}
        </Table.Th>
        <Table.Td>
          {status.unreadable ? (
            <SolidBadge color="orange">{t('credentials.unreadable')}</SolidBadge>
          ) : status.set ? (
            <SolidBadge color="green">{t('credentials.isSet')}</SolidBadge>
          ) : (
            <SolidBadge color="gray">{t('credentials.notSet')}</SolidBadge>
          )}
        </Table.Td>
        {/* Only the hint in monospace: there "—" would look like the "–" of a hint's font. */}
        <Table.Td data-testid="credential-hint">
          {status.hint === null ? (
            <Absent />
          ) : (
            <Text span ff="monospace" size="sm">
              {status.hint}
            </Text>
          )}
        </Table.Td>
        <Table.Td>{status.setAt ? format.dateTime(status.setAt) : <Absent />}</Table.Td>
        <Table.Td>
          {editable ? (
            <Group gap="xs" wrap="nowrap">
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => {
                  set.reset();
                  setEditing((open) => !open);
                }}
                aria-expanded={editing}
                aria-label={t('credentials.setLabel', { field: label })}
              >
                {status.set ? t('credentials.replace') : t('credentials.setAction')}
              </Button>
              {(status.set || status.unreadable) && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => {
                    clear.reset();
                    setConfirmClear(true);
                  }}
                  aria-label={t('credentials.clearLabel', { field: label })}
                >
                  {t('credentials.clear')}
                </Button>
              )}
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              {t('credentials.automatic')}
            </Text>
          )}
        </Table.Td>
      </Table.Tr>
      {editing && (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (value !== '') save(status.field);
              }}
            >
              <Stack gap="xs">
                <PasswordInput
                  label={t('credentials.valueLabel', { field: label })}
                  description={t('credentials.valueHint')}
                  value={value}
                  onChange={(event) => setValue(event.currentTarget.value)}
                  autoComplete="off"
                  autoFocus
                  data-testid={`credential-input-${status.field}`}
                />
                {set.error && <ErrorNotice error={set.error} />}
                <Group gap="xs">
                  <Button
                    type="submit"
                    size="xs"
                    loading={set.isPending}
                    disabled={value === '' && !set.isPending}
                  >
                    {t('credentials.save')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      setValue('');
                      setEditing(false);
                    }}
                  >
                    {t('credentials.cancel')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Table.Td>
        </Table.Tr>
      )}
      <ConfirmDialog
        opened={confirmClear}
        title={t('credentials.clearTitle', { field: label })}
        confirmLabel={t('credentials.clear')}
        cancelLabel={t('credentials.keep', { field: label })}
        confirmColor="red"
        busy={clear.isPending}
        error={clear.error}
        onConfirm={() => clear.mutate(status.field, { onSuccess: () => setConfirmClear(false) })}
        onClose={() => setConfirmClear(false)}
      >
        <Text size="sm">{t('credentials.clearBody', { field: label })}</Text>
      </ConfirmDialog>
    </>
  );
}
