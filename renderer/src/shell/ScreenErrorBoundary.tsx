import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { links } from './links';

interface Props {
  /** A new value (another address) clears a failure: the next screen gets its chance. */
  resetKey: string;
  children: ReactNode;
}

/**
 * A screen that throws while rendering is replaced by this notice, inside the shell, so the
 * header and the navbar still work; without it React would take the whole window down.
 */
export class ScreenErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(thrown: unknown): { error: Error } {
    return { error: thrown instanceof Error ? thrown : new Error(String(thrown)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('paydesk: a screen failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    return this.state.error ? <ScreenFailed message={this.state.error.message} /> : this.props.children;
  }
}

function ScreenFailed({ message }: { message: string }) {
  const { t } = useTranslation('shell');
  return (
    <Alert color="red" title={t('screenFailed.title')} role="alert" data-testid="screen-failed">
      <Stack gap="xs">
        <Text size="sm">{t('screenFailed.body')}</Text>
        <Text size="sm" ff="monospace">
          {message}
        </Text>
        <Anchor component={Link} to={links.lookup()} size="sm" c="inherit" underline="always">
          {t('notFound.back')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
