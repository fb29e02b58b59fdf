import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditVerifyReport } from '../../../../shared/contract';
import { useFormat } from '../../components/format-context';

/** Every repair, damaged line and acknowledged gap the journal holds: none is ever silent. */
export function RepairsAndGaps({ report }: { report: AuditVerifyReport }) {
  const { t } = useTranslation('audit');
  const format = useFormat();
  const repairs = report.repairs ?? [];
  const gaps = report.gaps ?? [];
  const damages = report.damages ?? [];
  return (
    <>
      {damages.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('verify.damagedTitle')}
          </Text>
          {damages.map((damage) => (
            <Text
              size="sm"
              key={damage.line}
              data-testid="audit-verify-damage"
              data-repaired={damage.repairedAt !== undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {t('verify.damaged', { line: damage.line, kind: t(`verify.kind.${damage.kind}`) })}{' '}
              {damage.repairedAt &&
                t('verify.damageRepaired', {
                  seq: damage.repairedAt.seq,
                  time: format.dateTime(damage.repairedAt.time),
                  user: damage.repairedAt.osUser ?? t('verify.unknownUser'),
                  sidecar: damage.repairedAt.sidecar,
                  reason: damage.repairedAt.reason,
                })}
            </Text>
          ))}
        </Stack>
      )}
      {repairs.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('verify.repairsTitle')}
          </Text>
          {repairs.map((repair) => (
            <Text
              size="sm"
              key={repair.seq}
              data-testid="audit-verify-repair"
              style={{ overflowWrap: 'anywhere' }}
            >
              {t('verify.repair', {
                seq: repair.seq,
                time: format.dateTime(repair.time),
                bytes: repair.bytes,
                sidecar: repair.sidecar,
              })}
            </Text>
          ))}
        </Stack>
      )}
      {gaps.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('verify.gapsTitle')}
          </Text>
          {gaps.map((gap) => {
            const values = {
              seq: gap.seq,
              time: format.dateTime(gap.time),
              user: gap.osUser ?? t('verify.unknownUser'),
              reason: gap.reason,
            };
            return (
              <Text
                size="sm"
                key={gap.seq}
                data-testid="audit-verify-gap"
                style={{ overflowWrap: 'anywhere' }}
              >
                {gap.problem === 'entries_missing'
                  ? t('verify.gap.entries_missing', { ...values, count: gap.missingEntries ?? 0 })
                  : t(`verify.gap.${gap.problem}`, values)}
              </Text>
            );
          })}
        </Stack>
      )}
    </>
  );
}
