import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleError, ErrorKind } from '../../../shared/contract';
import { ConsoleFailure } from '../api/console-failure';
import { fieldName, sayText } from '../lib/validation-text';
import { useFormat } from './format-context';

/** Kinds that say "look again before acting" rather than "this failed": amber, not red. */
const CAUTION_KINDS: ReadonlySet<ErrorKind> = new Set(['outcome_unknown', 'cancelled', 'not_permitted']);

interface ErrorNoticeProps {
  error: ConsoleError | ConsoleFailure;
  /** Shows a "Try again" button. */
  onRetry?: () => void;
  /**
   * The screen's own plain-words title and sentence for this failure, in place of the kind's:
   * one box says it all (a second red box beside this one repeated the same failure).
   */
  explained?: { title: string; body: ReactNode };
  'data-testid'?: string;
}

/**
 * THE way a ConsoleError is shown: a translated title and sentence chosen by `kind` (what
 * happened, what to do), what main said in the user's language when it sent a text key, then the
 * details (the service's code, HTTP status, type and text, the field, the idempotency key). Main's
 * English `message` without a key is shown only as a labelled technical detail, never as the
 * sentence staff read. The UI never switches on message text.
 */
export function ErrorNotice({ error, onRetry, explained, 'data-testid': testId }: ErrorNoticeProps) {
  const { t } = useTranslation('errors');
  const { locale } = useFormat();
  const value = error instanceof ConsoleFailure ? error.error : error;
  const details: Array<[string, string]> = [];
  // A field by its label; a path the screens have no label for (`payer.address`) stays in the logs.
  const field = value.field ? fieldName(t, value.field) : null;
  if (field) details.push([t('details.field'), field]);
  if (value.code !== undefined) details.push([t('details.code'), String(value.code)]);
  if (value.httpStatus !== undefined) details.push([t('details.httpStatus'), String(value.httpStatus)]);
  if (value.type) details.push([t('details.type'), value.type]);
  if (value.serviceMessage) details.push([t('details.serviceMessage'), value.serviceMessage]);
  if (value.idempotencyKey) details.push([t('details.idempotencyKey'), value.idempotencyKey]);
  if (!value.text) details.push([t('details.technical'), value.message]);

  return (
    <Alert
      color={CAUTION_KINDS.has(value.kind) ? 'orange' : 'red'}
      title={explained?.title ?? t(`kind.${value.kind}.title`)}
      role="alert"
      data-error-kind={value.kind}
      data-testid={testId}
    >
      <Stack gap="xs">
        {explained ? explained.body : <Text size="sm">{t(`kind.${value.kind}.body`)}</Text>}
        {value.text && (
          <Text size="sm" data-testid="error-said">
            <Text span fw={600}>
              {t('details.message')}:
            </Text>{' '}
            {sayText(t, locale, value)}
          </Text>
        )}
        {details.length > 0 && (
          <Group gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {details.map(([label, text]) => (
              <Text component="li" size="sm" key={label}>
                <Text span fw={600}>
                  {label}:
                </Text>{' '}
                <Text span ff="monospace">
                  {text}
                </Text>
              </Text>
            ))}
          </Group>
        )}
        {onRetry && (
          <Group>
            <Button size="xs" variant="default" onClick={onRetry}>
              {t('retry')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
