import { Alert, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditVerifyReport } from '../../../../shared/contract';
import { CopyButton } from '../../components/CopyButton';
import { useFormat } from '../../components/format-context';
import { sayText } from '../../lib/validation-text';
import { AnchorProblem } from './AnchorProblem';
import { AnchorNotes } from './AnchorNotes';
import { RepairsAndGaps } from './RepairsAndGaps';

const ACKNOWLEDGE_COMMAND = 'paydesk audit acknowledge-truncation --reason "…"';
const REPAIR_COMMAND = 'paydesk audit repair --reason "…"';

export function VerifyReport({ report }: { report: AuditVerifyReport }) {
  const { t } = useTranslation('audit');
  const { locale } = useFormat();
  const head = report.headHash ? (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" span>
        {t('verify.headHash')}:
      </Text>
      <Code data-testid="audit-head-hash" style={{ overflowWrap: 'anywhere' }}>
        {report.headHash}
      </Code>
      <CopyButton value={report.headHash} label={t('verify.headHashCopy')} />
    </Group>
  ) : (
    <Text size="sm">{t('verify.noHead')}</Text>
  );
  const anchorState = report.anchor?.state;
  if (report.ok) {
    return (
      <Alert
        color="green"
        title={t('verify.okTitle')}
        data-testid="audit-verify-report"
        data-ok="true"
        data-anchor-state={anchorState}
        role="status"
      >
        <Stack gap="xs">
          <Text size="sm">{t('verify.okBody', { count: report.entries })}</Text>
          {head}
          <Text size="xs">{t('verify.headAdvice')}</Text>
          <AnchorNotes report={report} />
          <RepairsAndGaps report={report} />
        </Stack>
      </Alert>
    );
  }
  const problem = report.firstProblem;
  const title = problem
    ? t('verify.brokenTitle')
    : anchorState === 'entries_missing'
      ? t('verify.cutTitle')
      : anchorState === 'mismatch'
        ? t('verify.mismatchTitle')
        : anchorState === 'anchor_missing'
          ? t('verify.anchorMissingTitle')
          : t('verify.unreadableTitle');
  // A damaged line nobody repaired is the repair's to lift; otherwise the anchor's acknowledgement.
  const openDamage = (report.damages ?? []).some((damage) => damage.repairedAt === undefined);
  const command = openDamage ? REPAIR_COMMAND : ACKNOWLEDGE_COMMAND;
  return (
    <Alert
      color="red"
      title={title}
      data-testid="audit-verify-report"
      data-ok="false"
      data-anchor-state={anchorState}
      role="alert"
    >
      <Stack gap="xs">
        {problem && (
          <Text size="sm" data-problem-kind={problem.kind} data-problem-line={problem.line}>
            {t('verify.brokenAt', { line: problem.line, kind: t(`verify.kind.${problem.kind}`) })}{' '}
            {sayText(t, locale, problem)}
          </Text>
        )}
        <AnchorProblem report={report} />
        {problem && <Text size="sm">{t('verify.brokenEntries', { count: report.entries })}</Text>}
        {head}
        {report.writesRefused && (
          <Stack
            gap={4}
            data-testid="audit-verify-refused"
            data-command={openDamage ? 'repair' : 'acknowledge'}
          >
            <Text size="sm" fw={600}>
              {openDamage ? t('verify.damageOpen') : t('verify.refused')}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Code style={{ overflowWrap: 'anywhere' }}>{command}</Code>
              <CopyButton value={command} label={t('verify.refusedCommandCopy')} />
            </Group>
          </Stack>
        )}
        <AnchorNotes report={report} />
        <RepairsAndGaps report={report} />
      </Stack>
    </Alert>
  );
}
