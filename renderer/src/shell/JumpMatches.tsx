import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RecordKind } from '../../../shared/contract';
import { useRecordSearch } from '../api/records';
import { otherIdOf, recordHref } from '../components/record-href';
import { JUMP_MATCHES, searchTextOf } from '../lib/record-filters';
import type { JumpKind } from '../lib/jump-parser';

/** Marks a match's link, for the jump box's arrow keys. */
export const JUMP_MATCH_LINK_ATTRIBUTE = 'data-jump-match-link';

/** The index asks once typing pauses, not per keystroke. */
const SEARCH_DEBOUNCE_MS = 200;

const KIND_WORD: Record<RecordKind, JumpKind> = {
  deposit: 'deposit',
  refund: 'refund',
  cashout: 'cashout',
  sub_merchant: 'sub-merchant',
};

/**
 * Under the jump box: the records of the index whose id, invoice id or external id is
 * or starts with the typed text, so an invoice id finds its deposit. Each is a link; `onOpen`
 * closes the dialog it is in.
 */
export function JumpMatches({ typed, onOpen }: { typed: string; onOpen?: () => void }) {
  const { t } = useTranslation('shell');
  const [settled] = useDebouncedValue(searchTextOf(typed), SEARCH_DEBOUNCE_MS);
  const query = useRecordSearch(settled, [], JUMP_MATCHES);
  // Nothing typed, or the index is not there (the id box still works): nothing to add.
  if (settled === null || query.isError || (query.isPending && query.fetchStatus === 'idle')) return null;
  if (query.isPending) {
    return (
      <Text size="sm" c="dimmed" role="status" mt="xs">
        {t('jump.matches.loading')}
      </Text>
    );
  }
  return (
    <Stack
      gap={4}
      mt="sm"
      component="section"
      aria-label={t('jump.matches.title')}
      data-testid="jump-matches"
    >
      <Text size="sm" fw={700}>
        {t('jump.matches.title')}
      </Text>
      {query.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="jump-matches-none">
          {t('jump.matches.none', { text: settled })}
        </Text>
      ) : (
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {query.data.map((record) => {
            const href = recordHref(record);
            const kind = t(`jump.kind.${KIND_WORD[record.kind]}`);
            const otherId = otherIdOf(record);
            return (
              <li
                key={`${record.kind}:${record.id}`}
                data-testid="jump-match"
                data-kind={record.kind}
                data-id={record.id}
              >
                <Group gap="xs" wrap="nowrap">
                  {href ? (
                    <Anchor
                      component={Link}
                      to={href}
                      onClick={onOpen}
                      size="sm"
                      {...{ [JUMP_MATCH_LINK_ATTRIBUTE]: '' }}
                    >
                      {t('jump.matches.open', { kind, id: record.id })}
                    </Anchor>
                  ) : (
                    <Text size="sm">{t('jump.matches.open', { kind, id: record.id })}</Text>
                  )}
                  {otherId !== undefined && (
                    <Text size="sm" c="dimmed" ff="monospace">
                      {otherId}
                    </Text>
                  )}
                  {record.status !== undefined && (
                    <Text size="sm" c="dimmed" data-status={record.status}>
                      {record.status}
                    </Text>
                  )}
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
