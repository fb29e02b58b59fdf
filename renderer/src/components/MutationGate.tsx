import { Alert, Box, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnvironmentKind } from '../../../shared/contract';
import { useActiveEnvironment, useEnvironments } from '../api/environment';
import { useArming, useClockStatus } from '../api/guard';
import { useArmButton } from './arming-focus';
import { KindBadge, environmentColor } from './environment-look';

/**
 * The guard rails every money screen (create deposit, refund, cashout cancel) shows before its
 * action. Main enforces them; the screens read them only to say why early and to
 * disable the action instead of letting it be refused.
 */
export interface MutationGate {
  production: boolean;
  /** Always true outside production. */
  armed: boolean;
  clockBlocks: boolean;
  /** The action would be refused now. */
  blocked: boolean;
}

export function useMutationGate(): MutationGate {
  const active = useActiveEnvironment();
  const arming = useArming();
  const clock = useClockStatus();
  const production = active?.kind === 'production';
  const armed = !production || arming.data?.armed === true;
  const clockBlocks = clock.data?.blocksMutations === true;
  return { production, armed, clockBlocks, blocked: !armed || clockBlocks };
}

/** Why the action is unavailable now, with the way out; nothing when it is available. */
export function MutationGateNotice({ gate }: { gate: MutationGate }) {
  const { t } = useTranslation(['common', 'shell']);
  const armButton = useArmButton();
  if (!gate.blocked) return null;
  return (
    <Stack gap="xs" data-testid="mutation-gate" data-armed={gate.armed} data-clock-blocks={gate.clockBlocks}>
      {!gate.armed && (
        <Alert color="orange" title={t('common:guard.readOnlyTitle')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('common:guard.readOnlyBody')}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => armButton?.current?.focus()}
              data-testid="go-to-arming"
            >
              {t('common:guard.goToArming')}
            </Button>
          </Stack>
        </Alert>
      )}
      {gate.clockBlocks && (
        <Alert color="red" title={t('common:guard.clockTitle')} role="alert">
          <Text size="sm">{t('shell:clock.blocksExplain')}</Text>
        </Alert>
      )}
    </Stack>
  );
}

/** The reason the journal keeps with the action: required in production. */
export function ReasonInput({
  value,
  onChange,
  required,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  required: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation('common');
  return (
    <Textarea
      label={t('guard.reasonLabel')}
      description={required ? t('guard.reasonRequiredHint') : t('guard.reasonHint')}
      required={required}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      autosize
      minRows={1}
      maxRows={4}
      maxLength={500}
      data-testid="mutation-reason"
    />
  );
}

/** The reason to send: trimmed, left out when empty. */
export function reasonMeta(reason: string): { reason?: string } {
  const trimmed = reason.trim();
  return trimmed === '' ? {} : { reason: trimmed };
}

/** The environment a change goes to: the active one, or the one an audit intent was made in. */
export interface TargetEnvironment {
  /** Known for a profile still in the list: its colour is looked up by it. */
  id?: string;
  name: string;
  kind: EnvironmentKind;
}

/**
 * `Prod BR (Production)`: the name and the translated kind, for the sentence a confirmation
 * says; just the kind when the name is that word already (`Local sandbox`).
 */
export function useEnvironmentPhrase(): (environment: TargetEnvironment) => string {
  const { t } = useTranslation(['common', 'shell']);
  return useCallback(
    (environment: TargetEnvironment) => {
      const kind = t(`shell:kind.${environment.kind}`);
      const name = environment.name.trim();
      if (name.localeCompare(kind, undefined, { sensitivity: 'accent' }) === 0) return kind;
      return t('common:target.phrase', { name, kind });
    },
    [t],
  );
}

/**
 * Where the change goes, shown in its confirmation at the moment of action: the kind badge and
 * the name, in the environment's colour; production adds a bold warning (the shell's red).
 */
export function MutationTarget({ environment }: { environment: TargetEnvironment }) {
  const { t } = useTranslation('common');
  const { list } = useEnvironments();
  const profile = list?.environments.find((candidate) => candidate.id === environment.id);
  const look = { kind: environment.kind, color: profile?.color ?? 'gray' };
  const production = environment.kind === 'production';
  return (
    <Box
      pl="sm"
      py={4}
      style={{ borderLeft: `6px solid var(--mantine-color-${environmentColor(look)}-filled)` }}
      data-testid="mutation-target"
      data-kind={environment.kind}
    >
      <Group gap="xs" wrap="nowrap">
        <Text size="sm">{t('target.label')}</Text>
        <Text size="sm" fw={700} data-testid="mutation-target-name">
          {environment.name}
        </Text>
        <KindBadge environment={look} />
      </Group>
      {production && (
        <Text size="sm" fw={700} mt={4}>
          {t('target.production')}
        </Text>
      )}
    </Box>
  );
}

/** The active environment as a change's target; null until the list is known. */
export function useActiveTarget(): TargetEnvironment | null {
  const active = useActiveEnvironment();
  return active ? { id: active.id, name: active.name, kind: active.kind } : null;
}
