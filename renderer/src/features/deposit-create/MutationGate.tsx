import { Alert, Button, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActiveEnvironment } from '../../api/environment';
import { useArming, useClockStatus } from '../../api/guard';

/**
 * The guard rails every money screen (create deposit, refund, cashout cancel) shows before its
 * action. Main enforces them (issue 6); the screens read them only to say why early and to
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

/** The production banner's arm button (shell/HeaderBanners): arming lives there, once. */
function focusArming(): void {
  document.querySelector<HTMLButtonElement>('[data-testid="production-banner"] button')?.focus();
}

/** Why the action is unavailable now, with the way out; nothing when it is available. */
export function MutationGateNotice({ gate }: { gate: MutationGate }) {
  const { t } = useTranslation(['common', 'shell']);
  if (!gate.blocked) return null;
  return (
    <Stack gap="xs" data-testid="mutation-gate" data-armed={gate.armed} data-clock-blocks={gate.clockBlocks}>
      {!gate.armed && (
        <Alert color="orange" title={t('common:guard.readOnlyTitle')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('common:guard.readOnlyBody')}</Text>
            <Button size="xs" variant="default" onClick={focusArming} data-testid="go-to-arming">
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

/** The reason the journal keeps with the action: required in production (issue 6). */
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
