import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditVerifyReport } from '../../../../shared/contract';

/** What the anchor kept beside the journal says is wrong with the file's end. */
export function AnchorProblem({ report }: { report: AuditVerifyReport }) {
  const { t } = useTranslation('audit');
  const anchor = report.anchor;
  if (!anchor) return null;
  const anchorSeq = anchor.head?.seq ?? 0;
  const text =
    anchor.state === 'entries_missing'
      ? t('verify.anchor.entries_missing', {
          count: anchor.count ?? 0,
          anchorSeq,
          fileSeq: anchorSeq - (anchor.count ?? 0),
        })
      : anchor.state === 'mismatch'
        ? t('verify.anchor.mismatch', { anchorSeq })
        : anchor.state === 'unreadable'
          ? t('verify.anchor.unreadable')
          : anchor.state === 'anchor_missing'
            ? t('verify.anchor.anchor_missing')
            : null;
  return text ? (
    <Text
      size="sm"
      data-testid="audit-verify-anchor"
      data-anchor-state={anchor.state}
      data-count={anchor.count}
    >
      {text}
    </Text>
  ) : null;
}
