import { Alert, Anchor, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActiveEnvironment } from '../../api/environment';
import { SkeletonLines } from '../../components/QueryState';
import { links } from '../../shell/links';
import { ClockControl } from './ClockControl';
import { CreateCashoutForm } from './CreateCashoutForm';
import { NotificationsLog } from './NotificationsLog';
import { TransitionForm } from './TransitionForm';
import { Section } from '../../components/Section';

/**
 * /sandbox: drive the local sandbox the way the real service moves on its own (status moves,
 * cashouts, time, notifications). Main refuses these calls on any other kind of environment; the
 * navbar hides the entry there, and an address typed by hand explains why nothing is offered.
 */
export default function SandboxScreen() {
  const { t } = useTranslation('sandbox');
  const active = useActiveEnvironment();
  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      {active === null ? (
        <SkeletonLines lines={6} />
      ) : active.kind !== 'local-sandbox' ? (
        <Alert color="orange" title={t('notSandbox.title')} data-testid="sandbox-unavailable">
          <Stack gap="xs">
            <Text size="sm">{t('notSandbox.body', { name: active.name })}</Text>
            <Anchor component={Link} to={links.environments()} size="sm" c="inherit" underline="always">
              {t('notSandbox.environments')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <>
          <Text>{t('intro')}</Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Section title={t('transition.title')} testId="transition">
              <TransitionForm />
            </Section>
            <Section title={t('cashout.title')} testId="create-cashout">
              <CreateCashoutForm />
            </Section>
          </SimpleGrid>
          <Section title={t('clock.title')} testId="clock">
            <ClockControl />
          </Section>
          <Section title={t('notifications.title')} testId="notifications">
            <NotificationsLog />
          </Section>
        </>
      )}
    </Stack>
  );
}
