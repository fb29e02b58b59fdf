import { Button, Group, Skeleton, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../components/notify';
import { DeferredMenu } from '../components/overlays';
import { useEnvironments } from '../api/environment';
import { useConsoleUnreachable } from '../api/reachability';
import { useConsoleMutation } from '../api/queries';
import { CurrentMark } from './CurrentMark';
import { EnvironmentSwatch, KindBadge } from '../components/environment-look';
import { links } from './links';
import { sayError } from '../lib/validation-text';

/** Always in the header: the active environment (name, kind, colour) and a menu to switch. */
export function EnvironmentSwitcher() {
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const { list, active, apply, error } = useEnvironments();
  const unreachable = useConsoleUnreachable();
  const use = useConsoleMutation({
    call: (api, id: string) => api.useEnvironment({ id }),
    onSuccess: (data) => apply(data),
  });

  if (!list || !active) {
    if (error) {
      // Not the environments' fault when the console itself is gone: the banner says what to do.
      return (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" data-testid="environment-unreadable">
          {unreachable || error.kind === 'console_unreachable'
            ? t('environment.unreachable')
            : t('environment.unreadable')}
        </Text>
      );
    }
    // A role, so that its name is allowed (axe: aria-prohibited-attr on a plain div).
    return <Skeleton height={30} width={220} role="status" aria-label={t('environment.loading')} />;
  }

  return (
    <DeferredMenu
      position="bottom-start"
      withinPortal
      shadow="md"
      target={
        <Button
          variant="default"
          loading={use.isPending}
          aria-label={t('environment.switcherLabel', { name: active.name, kind: t(`kind.${active.kind}`) })}
          data-testid="environment-switcher"
          data-environment-id={active.id}
          data-environment-kind={active.kind}
        >
          <Group gap="xs" wrap="nowrap">
            <EnvironmentSwatch environment={active} />
            <Text span fw={600} size="sm" truncate maw={180}>
              {active.name}
            </Text>
            <KindBadge environment={active} />
          </Group>
        </Button>
      }
    >
      {(Menu) => (
        <>
          <Menu.Label>{t('environment.switchTo')}</Menu.Label>
          {list.environments.map((environment) => (
            <Menu.Item
              key={environment.id}
              leftSection={
                <Group gap={6} wrap="nowrap">
                  <CurrentMark current={environment.id === active.id} />
                  <EnvironmentSwatch environment={environment} />
                </Group>
              }
              rightSection={<KindBadge environment={environment} />}
              onClick={() => {
                if (environment.id === active.id) return;
                use.mutate(environment.id, {
                  onError: (failure) =>
                    notify({
                      color: 'red',
                      title: t('environment.switchFailed', { name: environment.name }),
                      message: sayError(t, i18n.language, failure.error),
                    }),
                });
              }}
              data-environment-option={environment.id}
            >
              {environment.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => void navigate(links.environments())}>{t('environment.manage')}</Menu.Item>
        </>
      )}
    </DeferredMenu>
  );
}
