import { Button, Group, NativeSelect, Paper, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_STATES, type AuditAction, type AuditState } from '../../../../shared/contract';
import { useEnvironments } from '../../api/environment';
import { DayInput } from '../../components/DayInput';
import { EMPTY_AUDIT_FILTER_FORM, environmentChoices, type AuditFilterForm } from './audit-view';
import { useAuditEntries } from './use-audit';

export function FilterForm({
  form,
  onChange,
  problem,
}: {
  form: AuditFilterForm;
  onChange: (form: AuditFilterForm) => void;
  problem: { field: 'fromDay' | 'toDay'; problem: 'day_invalid' | 'range_reversed' } | null;
}) {
  const { t } = useTranslation('audit');
  const { list } = useEnvironments();
  // The unfiltered journal (the screen's first query, so usually cached) names removed ones too.
  const journal = useAuditEntries({});
  const environments = environmentChoices(list?.environments ?? [], journal.data ?? []);
  const problemText = problem ? t(`filter.problem.${problem.problem}`) : undefined;
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      aria-label={t('filter.label')}
      onSubmit={(event) => event.preventDefault()}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        <NativeSelect
          label={t('filter.environment')}
          value={form.environmentId ?? ''}
          onChange={(event) => onChange({ ...form, environmentId: event.currentTarget.value || null })}
          data={[
            { value: '', label: t('filter.all') },
            ...environments.map((environment) => ({
              value: environment.id,
              label: environment.removed
                ? t('filter.removedEnvironment', { name: environment.name })
                : environment.name,
            })),
          ]}
          data-testid="audit-filter-environment"
        />
        <NativeSelect
          label={t('filter.action')}
          value={form.action ?? ''}
          onChange={(event) =>
            onChange({ ...form, action: (event.currentTarget.value || null) as AuditAction | null })
          }
          data={[
            { value: '', label: t('filter.all') },
            ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`action.${action}`) })),
          ]}
          data-testid="audit-filter-action"
        />
        <DayInput
          label={t('filter.from')}
          value={form.fromDay}
          onChange={(fromDay) => onChange({ ...form, fromDay })}
          error={problem?.field === 'fromDay' ? problemText : undefined}
          data-testid="audit-filter-from"
        />
        <DayInput
          label={t('filter.to')}
          value={form.toDay}
          onChange={(toDay) => onChange({ ...form, toDay })}
          error={problem?.field === 'toDay' ? problemText : undefined}
          data-testid="audit-filter-to"
        />
        <NativeSelect
          label={t('filter.state')}
          value={form.state ?? ''}
          onChange={(event) =>
            onChange({ ...form, state: (event.currentTarget.value || null) as AuditState | null })
          }
          data={[
            { value: '', label: t('filter.all') },
            ...AUDIT_STATES.map((state) => ({ value: state, label: t(`state.${state}`) })),
          ]}
          data-testid="audit-filter-state"
        />
      </SimpleGrid>
      <Group mt="sm">
        <Button variant="default" onClick={() => onChange(EMPTY_AUDIT_FILTER_FORM)}>
          {t('filter.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
