import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DoctorReport, DoctorVerdict } from '../../../../shared/contract';
import { useConsoleMutation } from '../../api/queries';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SolidBadge, type BadgeColor } from '../../components/SolidBadge';
import { Working } from '../../components/Working';
import { Absent } from '../../components/Value';
import { useFormat } from '../../components/format-context';
import { ClockSummary } from './ClockSummary';

const VERDICT_COLORS: Record<DoctorVerdict, BadgeColor> = {
  ok: 'green',
  not_configured: 'gray',
  bad_key: 'red',
  bad_signature: 'red',
  clock_skew: 'orange',
  ip_not_allowed: 'red',
  host_unreachable: 'red',
  tls_failure: 'red',
  keychain_unavailable: 'orange',
  unexpected_answer: 'orange',
  unproven: 'orange',
};

/** Runs the credential doctor (one harmless call per credential set) and shows each verdict. */
export function DoctorPanel({ environmentId }: { environmentId: string }) {
  const { t } = useTranslation('environments');
  const doctor = useConsoleMutation({
    call: (api) => api.runDoctor({ environmentId }),
    invalidates: (keys) => [keys.clock(environmentId)],
  });
  return (
    <Stack gap="sm">
      <Group>
        <Button onClick={() => doctor.mutate(undefined)} loading={doctor.isPending} data-testid="run-doctor">
          {t('doctor.run')}
        </Button>
      </Group>
      {doctor.isPending && <Working label={t('doctor.running')} />}
      {doctor.error && <ErrorNotice error={doctor.error} onRetry={() => doctor.mutate(undefined)} />}
      {doctor.data && !doctor.isPending && <DoctorResult report={doctor.data} />}
    </Stack>
  );
}

function DoctorResult({ report }: { report: DoctorReport }) {
  const { t } = useTranslation('environments');
  const format = useFormat();
  return (
    <Stack gap="sm" data-testid="doctor-report">
      <Text size="sm">{t('doctor.checkedAt', { at: format.dateTime(report.checkedAt) })}</Text>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" aria-label={t('doctor.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('doctor.column.set')}</Table.Th>
              <Table.Th scope="col">{t('doctor.column.verdict')}</Table.Th>
              <Table.Th scope="col">{t('doctor.column.advice')}</Table.Th>
              <Table.Th scope="col">{t('doctor.column.probe')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.checks.map((check) => (
              <Table.Tr key={check.set} data-doctor-set={check.set} data-verdict={check.verdict}>
                <Table.Th scope="row" fw={500}>
                  {t(`credentials.set.${check.set}`)}
                </Table.Th>
                <Table.Td>
                  <SolidBadge color={VERDICT_COLORS[check.verdict]}>
                    {t(`doctor.verdict.${check.verdict}.label`)}
                  </SolidBadge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`doctor.verdict.${check.verdict}.advice`)}</Text>
                  {check.verdict !== 'ok' && check.advice && (
                    <Text size="xs" c="dimmed">
                      {t('doctor.mainSaid', { advice: check.advice })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {check.probe}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[
                      check.httpStatus !== undefined ? `HTTP ${check.httpStatus}` : null,
                      check.code !== undefined ? t('doctor.code', { code: check.code }) : null,
                      check.latencyMs !== undefined ? `${format.number(check.latencyMs)} ms` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ') || <Absent />}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ClockSummary clock={report.clock} />
    </Stack>
  );
}
