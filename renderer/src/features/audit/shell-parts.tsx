import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { links } from '../../shell/links';
import { useUnresolvedFollowsMutations, useUnresolvedIntents } from './use-audit';

/**
 * What the shell shows of the journal on every screen: a persistent notice while some intent's
 * outcome is unknown (HeaderBanners), kept current by re-reading the journal after every change.
 */

/** Intents whose outcome is unknown, across every environment; 0 until known. */
export function useUnresolvedCount(): number {
  return useUnresolvedIntents().data?.length ?? 0;
}

/** The banner row's content: what is wrong, and the way to the panel that settles it. */
export function OutcomeUnknownNotice({ count }: { count: number }) {
  const { t } = useTranslation('shell');
  return (
    <Group justify="space-between" w="100%" wrap="nowrap" gap="sm">
      <Text size="sm" fw={700} role="alert">
        {t('outcomeUnknown.notice', { count })}
      </Text>
      <Anchor
        component={Link}
        to={links.listUnresolvedIntents()}
        c="black"
        fw={700}
        size="sm"
        underline="always"
        data-testid="outcome-unknown-open"
        style={{ whiteSpace: 'nowrap' }}
      >
        {t('outcomeUnknown.open')}
      </Anchor>
    </Group>
  );
}

/** Renders nothing: mounted once by the layout so every settled change re-reads the journal. */
export function UnresolvedFollower() {
  useUnresolvedFollowsMutations();
  return null;
}
