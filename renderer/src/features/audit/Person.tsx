import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView } from '../../../../shared/contract';
import { Value } from '../../components/Value';

/**
 * Who: the OS user who wrote the line, who settled the operation (a resolution line's own user
 * did; the operation's other lines name them too, so a line read alone says it), and for a move
 * the team approved, the team person who asked for it and those who approved it.
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
      {entry.madeBy !== undefined && (
        <Text
          size="xs"
          c="dimmed"
          data-testid="audit-approval"
          data-made-by={entry.madeBy}
          data-approved-by={entry.approvedBy?.join(' ')}
        >
          {(entry.approvedBy ?? []).length === 0
            ? t('entries.askedOnly', { maker: entry.madeBy })
            : t('entries.approval', { maker: entry.madeBy, approvers: (entry.approvedBy ?? []).join(', ') })}
        </Text>
      )}
    </>
  );
}
