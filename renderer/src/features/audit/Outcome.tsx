import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView } from '../../../../shared/contract';
import { Value } from '../../components/Value';

/** What an outcome or resolution line says (an intent says nothing yet). */
export function Outcome({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation('audit');
  if (!entry.result) return <Value value={null} />;
  return (
    <>
      {t(`result.${entry.result}`)}
      {entry.status && (
        <Text span size="xs">
          {' '}
          ({entry.status})
        </Text>
      )}
      {entry.resolutionMethod && (
        <Text size="xs" c="dimmed">
          {t(`method.${entry.resolutionMethod}`)}
        </Text>
      )}
    </>
  );
}
