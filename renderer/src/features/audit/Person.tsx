import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView } from '../../../../shared/contract';
import { Value } from '../../components/Value';

/**
 * Who: the OS user who wrote the line, and who settled the operation (a resolution line's own
 * user did; the operation's other lines name them too, so a line read alone says it).
 */
export function Person({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation('audit');
  const settler = entry.settledBy === null ? t('verify.unknownUser') : entry.settledBy;
  return (
    <>
      <Value value={entry.osUser} />
      {settler !== undefined && (
        <Text size="xs" c="dimmed" data-settled-by={entry.settledBy ?? ''}>
          {entry.type === 'resolution' ? t('entries.settledIt') : t('entries.settledBy', { user: settler })}
        </Text>
      )}
    </>
  );
}
