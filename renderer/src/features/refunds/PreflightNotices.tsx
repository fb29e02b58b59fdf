import { Alert, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RefundPreflight } from '../../../../shared/contract';
import { useFormat } from '../../components/format-context';
import { sayText } from '../../lib/validation-text';

/** What main's pre-flight says blocks the refund, and what to look at twice. */
export function PreflightNotices({ preflight }: { preflight: RefundPreflight }) {
  const { t } = useTranslation('refunds');
  const format = useFormat();
  const blocked = preflight.blockers.length > 0;
  return (
    <>
      {blocked && (
        <Alert color="red" title={t('create.blockedTitle')} role="alert" data-testid="refund-blockers">
          <List size="sm">
            {preflight.blockers.map((blocker, index) => (
              <List.Item key={blocker}>
                {sayText(t, format.locale, { message: blocker, text: preflight.texts.blockers[index] })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {preflight.warnings.length > 0 && (
        <Alert color="yellow" title={t('create.warningsTitle')} data-testid="refund-warnings">
          <List size="sm">
            {preflight.warnings.map((warning, index) => (
              <List.Item key={warning}>
                {sayText(t, format.locale, { message: warning, text: preflight.texts.warnings[index] })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}
