import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditVerifyReport } from '../../../../shared/contract';
import { useFormat } from '../../components/format-context';

/** Since when the end is watched (a journal older than anchors), and an anchor that is catching up. */
export function AnchorNotes({ report }: { report: AuditVerifyReport }) {
  const { t } = useTranslation('audit');
  const format = useFormat();
  const anchor = report.anchor;
  if (!anchor) return null;
  return (
    <>
      {anchor.since && anchor.since.seq > 0 && (
        <Text size="xs" data-testid="audit-verify-anchor-since">
          {t('verify.anchorSince', { time: format.dateTime(anchor.since.time), count: anchor.since.seq })}
        </Text>
      )}
      {anchor.state === 'behind' && (
        <Text size="xs">{t('verify.anchorBehind', { count: anchor.count ?? 0 })}</Text>
      )}
    </>
  );
}
