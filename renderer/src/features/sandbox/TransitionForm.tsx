import { Alert, Anchor, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SANDBOX_ENTITIES, type SandboxEntity } from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { sayText } from '../../lib/validation-text';
import { FieldsRow } from '../../components/FieldsRow';
import { StatusBadge } from '../../components/StatusBadge';
import { links } from '../../shell/links';
import { screenForJump } from '../../shell/screens';
import {
  REJECTED,
  REJECTION_CODES,
  TARGET_STATUSES,
  transitionArgument,
  type TransitionForm as TransitionValues,
  type TransitionProblem,
} from './sandbox-options';
import { useSandboxTransition } from './use-sandbox';

const DEFAULT_TARGET = 'COMPLETED';

function isEntity(value: string): value is SandboxEntity {
  return SANDBOX_ENTITIES.some((entity) => entity === value);
}

/** Where a moved record is shown, when this version has a screen for it. */
function recordHref(entity: SandboxEntity, id: number): string | null {
  switch (entity) {
    case 'deposit':
      return screenForJump('deposit') ? links.deposit(id) : null;
    case 'refund':
      return screenForJump('refund') ? links.refund(id) : null;
    case 'cashout':
      return screenForJump('cashout') ? links.cashoutById(id) : null;
  }
}

/** Move a deposit, refund or cashout to a status; a move the state machine refuses says why. */
export function TransitionForm() {
  const { t } = useTranslation(['sandbox', 'common']);
  const { locale } = useFormat();
  const transition = useSandboxTransition();
  const [values, setValues] = useState<TransitionValues>({
    entity: 'deposit',
    id: '',
    to: DEFAULT_TARGET,
    rejectionCode: '',
    rejectionReason: '',
  });
  const [problem, setProblem] = useState<TransitionProblem | null>(null);
  const change = (patch: Partial<TransitionValues>) => {
    setValues((previous) => ({ ...previous, ...patch }));
    setProblem(null);
  };
  const statusLabel = (entity: SandboxEntity, status: string) =>
    `${t(`common:status.${entity}.${status}` as 'common:status.deposit.PENDING')} (${status})`;
  const refused = transition.error?.error;
  const fieldError = (field: TransitionProblem, text: string): string | undefined => {
    if (problem === field) return text;
    if (refused?.kind === 'validation' && refused.field === field) return sayText(t, locale, refused);
    return undefined;
  };
  const takesRejection = values.entity === 'cashout' && values.to === REJECTED;
  const moved = transition.data && transition.variables ? transition.variables : null;
  const movedHref = moved ? recordHref(moved.entity, moved.id) : null;

  return (
    <form
      noValidate
      aria-label={t('sandbox:transition.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        const built = transitionArgument(values);
        if (!built.ok) {
          setProblem(built.problem);
          return;
        }
        transition.mutate(built.arg);
      }}
    >
      <Stack>
        <FieldsRow>
          <NativeSelect
            label={t('sandbox:transition.entity')}
            value={values.entity}
            data={SANDBOX_ENTITIES.map((entity) => ({ value: entity, label: t(`sandbox:entity.${entity}`) }))}
            onChange={(event) => {
              const entity = event.currentTarget.value;
              if (isEntity(entity)) change({ entity, to: DEFAULT_TARGET });
            }}
            data-testid="transition-entity"
          />
          <TextInput
            label={t('sandbox:transition.id')}
            value={values.id}
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => change({ id: event.currentTarget.value })}
            error={fieldError('id', t('sandbox:transition.idInvalid'))}
            data-testid="transition-id"
          />
          <NativeSelect
            label={t('sandbox:transition.to')}
            value={values.to}
            data={TARGET_STATUSES[values.entity].map((status) => ({
              value: status,
              label: statusLabel(values.entity, status),
            }))}
            onChange={(event) => change({ to: event.currentTarget.value })}
            error={fieldError('to', t('sandbox:transition.toInvalid'))}
            data-testid="transition-to"
          />
        </FieldsRow>
        {takesRejection && (
          <FieldsRow>
            <NativeSelect
              label={t('sandbox:transition.rejectionCode')}
              description={t('sandbox:transition.rejectionCodeHint')}
              value={values.rejectionCode}
              data={[
                { value: '', label: t('sandbox:transition.rejectionCodeDefault') },
                ...REJECTION_CODES.map((code) => ({ value: String(code), label: String(code) })),
              ]}
              onChange={(event) => change({ rejectionCode: event.currentTarget.value })}
              error={fieldError('rejectionCode', t('sandbox:transition.rejectionCodeInvalid'))}
              data-testid="transition-rejection-code"
            />
            <TextInput
              label={t('sandbox:transition.rejectionReason')}
              description={t('sandbox:transition.rejectionReasonHint')}
              value={values.rejectionReason}
              maxLength={255}
              onChange={(event) => change({ rejectionReason: event.currentTarget.value })}
              data-testid="transition-rejection-reason"
            />
          </FieldsRow>
        )}
        <Group>
          <Button type="submit" loading={transition.isPending} data-testid="transition-submit">
            {t('sandbox:transition.submit')}
          </Button>
        </Group>
        {transition.error && <ErrorNotice error={transition.error} />}
        {moved && transition.data && !transition.isPending && !transition.error && (
          <Alert color="green" title={t('sandbox:transition.doneTitle')} data-testid="transition-done">
            <Stack gap="xs">
              <Group gap="xs">
                <Text size="sm">
                  {t('sandbox:transition.done', {
                    entity: t(`sandbox:entity.${moved.entity}`),
                    id: moved.id,
                  })}
                </Text>
                <StatusBadge entity={moved.entity} status={transition.data.status} />
              </Group>
              {movedHref && (
                <Anchor
                  component={Link}
                  to={movedHref}
                  size="sm"
                  c="inherit"
                  underline="always"
                  data-testid="transition-open"
                >
                  {t('sandbox:transition.open', {
                    entity: t(`sandbox:entity.${moved.entity}`),
                    id: moved.id,
                  })}
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </form>
  );
}
