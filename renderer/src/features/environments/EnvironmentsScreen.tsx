import { Alert, Button, Code, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { EMBEDDED_SANDBOX_BASE_URL, type EnvironmentProfile } from '../../../../shared/contract';
import { useEnvironments } from '../../api/environment';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import { SolidBadge } from '../../components/SolidBadge';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SkeletonLines } from '../../components/QueryState';
import { EnvironmentSwatch, KindBadge } from '../../components/environment-look';
import { EnvironmentClock } from './ClockSummary';
import { CredentialsPanel } from './CredentialsPanel';
import { DoctorPanel } from './DoctorPanel';
import { EnvironmentForm, type EnvironmentFormValues } from './EnvironmentForm';
import { useEnvironmentActions } from './use-environment-actions';

/** /environments: profiles (add, edit, remove, use), their credentials, the doctor and the clock. */
export default function EnvironmentsScreen() {
  const { t } = useTranslation('environments');
  const { list, error, reload } = useEnvironments();
  const actions = useEnvironmentActions();
  const [adding, setAdding] = useState(false);
  // Profiles can change outside this window (the CLI, another window): read them afresh here.
  useEffect(() => {
    void reload();
  }, [reload]);
  /** Environments whose credentials a base-URL change cleared (shown until the page is left). */
  const [cleared, setCleared] = useState<ReadonlySet<string>>(new Set());

  const add = (values: EnvironmentFormValues) =>
    actions.add.mutate(
      {
        name: values.name,
        kind: values.kind,
        baseUrl: values.baseUrl,
        ...(values.kind === 'production' ? {} : { color: values.color }),
      },
      {
        onSuccess: (environment) => {
          setAdding(false);
          notify({ color: 'green', message: t('added', { name: environment.name }) });
        },
      },
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        <Button
          onClick={() => {
            actions.add.reset();
            setAdding(true);
          }}
          data-testid="add-environment"
        >
          {t('add')}
        </Button>
      </Group>
      <Text>{t('intro')}</Text>
      {error && <ErrorNotice error={error} />}
      {!list && !error && <SkeletonLines lines={8} />}
      {list?.environments.map((environment) => (
        <EnvironmentCard
          key={environment.id}
          environment={environment}
          isActive={environment.id === list.activeEnvironmentId}
          credentialsCleared={cleared.has(environment.id)}
          onCredentialsCleared={() => setCleared((previous) => new Set(previous).add(environment.id))}
          actions={actions}
        />
      ))}
      <Dialog opened={adding} onClose={() => setAdding(false)} title={t('addTitle')} size="lg">
        <EnvironmentForm
          busy={actions.add.isPending}
          error={actions.add.error}
          onSubmit={add}
          onCancel={() => setAdding(false)}
        />
      </Dialog>
    </Stack>
  );
}

function EnvironmentCard({
  environment,
  isActive,
  credentialsCleared,
  onCredentialsCleared,
  actions,
}: {
  environment: EnvironmentProfile;
  isActive: boolean;
  credentialsCleared: boolean;
  onCredentialsCleared: () => void;
  actions: ReturnType<typeof useEnvironmentActions>;
}) {
  const { t } = useTranslation('environments');
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [expanded, setExpanded] = useState(isActive);
  const detailsId = `environment-details-${environment.id}`;
  const production = environment.kind === 'production';

  const save = (values: EnvironmentFormValues) =>
    actions.update.mutate(
      {
        id: environment.id,
        name: values.name,
        ...(environment.kind === 'local-sandbox' ? {} : { baseUrl: values.baseUrl }),
        ...(environment.kind === 'production' ? {} : { color: values.color }),
      },
      {
        onSuccess: (updated) => {
          setEditing(false);
          if (updated.credentialsCleared) onCredentialsCleared();
          notify({
            color: updated.credentialsCleared ? 'orange' : 'green',
            message: updated.credentialsCleared
              ? t('credentialsClearedShort', { name: updated.environment.name })
              : t('saved', { name: updated.environment.name }),
          });
        },
      },
    );

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={environment.name}
      data-environment-card={environment.id}
      style={{
        borderLeft: `6px solid var(--mantine-color-${environment.kind === 'production' ? 'red' : environment.color}-filled)`,
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="xs">
              <EnvironmentSwatch environment={environment} />
              <Title order={3} size="h4">
                {environment.name}
              </Title>
              <KindBadge environment={environment} />
              {isActive && (
                <SolidBadge color="dark" data-testid="active-badge">
                  {t('active')}
                </SolidBadge>
              )}
            </Group>
            <Text size="sm">
              {t('baseUrl')}:{' '}
              {environment.baseUrl === EMBEDDED_SANDBOX_BASE_URL ? (
                t('embeddedSandbox')
              ) : (
                <Code data-testid="environment-base-url-value">{environment.baseUrl}</Code>
              )}
            </Text>
            <EnvironmentClock environmentId={environment.id} />
          </Stack>
          <Group gap="xs">
            {!isActive && (
              <Button
                size="xs"
                onClick={() => actions.use.mutate(environment.id)}
                loading={actions.use.isPending && actions.use.variables === environment.id}
                data-testid="use-environment"
              >
                {t('use')}
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                actions.update.reset();
                setEditing(true);
              }}
              data-testid="edit-environment"
            >
              {t('edit')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => {
                actions.remove.reset();
                setRemoving(true);
              }}
              data-testid="remove-environment"
            >
              {t('remove')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setExpanded((open) => !open)}
              aria-expanded={expanded}
              aria-controls={detailsId}
              data-testid="toggle-environment-details"
            >
              {expanded ? t('hideDetails') : t('showDetails')}
            </Button>
          </Group>
        </Group>

        {actions.use.error && actions.use.variables === environment.id && (
          <ErrorNotice error={actions.use.error} />
        )}
        {credentialsCleared && (
          <Alert color="orange" title={t('credentialsClearedTitle')} data-testid="credentials-cleared">
            {t('credentialsClearedBody')}
          </Alert>
        )}

        <Collapse expanded={expanded} id={detailsId}>
          {expanded && (
            <Stack gap="lg" pt="sm">
              <Stack gap="xs">
                <Title order={4} size="h5">
                  {t('credentials.title')}
                </Title>
                <CredentialsPanel environmentId={environment.id} name={environment.name} />
              </Stack>
              <Stack gap="xs">
                <Title order={4} size="h5">
                  {t('doctor.title')}
                </Title>
                <Text size="sm">{t('doctor.intro')}</Text>
                <DoctorPanel environmentId={environment.id} />
              </Stack>
            </Stack>
          )}
        </Collapse>
      </Stack>

      <Dialog
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('editTitle', { name: environment.name })}
        size="lg"
      >
        <EnvironmentForm
          existing={environment}
          busy={actions.update.isPending}
          error={actions.update.error}
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      </Dialog>
      <ConfirmDialog
        opened={removing}
        title={t('removeTitle', { name: environment.name })}
        confirmLabel={t('remove')}
        cancelLabel={t('keep', { name: environment.name })}
        confirmColor="red"
        // As arming asks: production goes only with its name typed (main checks it too).
        typeToConfirm={production ? environment.name : undefined}
        busy={actions.remove.isPending}
        error={actions.remove.error}
        onConfirm={(typed) =>
          actions.remove.mutate(
            { id: environment.id, ...(production && { typedName: typed }) },
            { onSuccess: () => setRemoving(false) },
          )
        }
        onClose={() => setRemoving(false)}
      >
        <Stack gap="xs">
          <Text size="sm">{t('removeBody', { name: environment.name })}</Text>
          {production && (
            <Text size="sm" fw={700} data-testid="remove-production">
              {t('removeProduction', { name: environment.name })}
            </Text>
          )}
        </Stack>
      </ConfirmDialog>
    </Paper>
  );
}
