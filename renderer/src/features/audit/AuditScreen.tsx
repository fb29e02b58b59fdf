import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditFilter } from '../../../../shared/contract';
import { useSessionState } from '../../components/session-state';
import { auditFilterOf, EMPTY_AUDIT_FILTER_FORM, type AuditFilterForm } from './audit-view';
import { FilterForm } from './FilterForm';
import { ChainAndExport } from './ChainAndExport';
import { EntriesTable } from './EntriesTable';

/**
 * /audit: the local journal of every mutating call (intent before, outcome after, resolutions),
 * filtered by environment, action, days and state; the chain verified on demand; CSV export of
 * what the filter selects.
 */
export default function AuditScreen() {
  const { t } = useTranslation('audit');
  // Kept for the session: the journal is filtered as it was left when the person comes back.
  const [form, setForm] = useSessionState<AuditFilterForm>('audit:filterForm', EMPTY_AUDIT_FILTER_FORM);
  // The last valid filter stays applied while a date is wrong or half typed.
  const [applied, setApplied] = useSessionState<AuditFilter>('audit:filter', {});
  const checked = auditFilterOf(form);
  const change = (next: AuditFilterForm) => {
    setForm(next);
    const nextChecked = auditFilterOf(next);
    if (nextChecked.ok) setApplied(nextChecked.filter);
  };

  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      <Text size="sm">{t('intro')}</Text>
      <FilterForm form={form} onChange={change} problem={checked.ok ? null : checked} />
      <ChainAndExport filter={applied} />
      <EntriesTable filter={applied} />
    </Stack>
  );
}
