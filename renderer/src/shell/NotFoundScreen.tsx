import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { links } from './links';

/** An address no screen serves (e.g. an old link). */
export function NotFoundScreen() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  return (
    <Stack>
      <Title order={2}>{t('notFound.title')}</Title>
      <Text>{t('notFound.body', { path: location.pathname })}</Text>
      <Anchor component={Link} to={links.lookup()}>
        {t('notFound.back')}
      </Anchor>
    </Stack>
  );
}
