import { Box, Group, Mark, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { JsonValue } from '../../../shared/contract';
import { CopyButton } from './CopyButton';

function isObject(value: JsonValue): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The body exactly as the service sent it, pretty-printed. Top-level fields the spec does not
 * know (Fetched.unknownFields, D12) are highlighted and listed.
 */
export function JsonView({ raw, unknownFields = [] }: { raw: JsonValue; unknownFields?: readonly string[] }) {
  const { t } = useTranslation('common');
  const text = JSON.stringify(raw, null, 2);
  const unknown = new Set(unknownFields);

  let body: ReactNode = text;
  if (isObject(raw)) {
    const entries = Object.entries(raw);
    body = (
      <>
        {'{\n'}
        {entries.map(([key, value], index) => {
          const line = `  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')}${
            index < entries.length - 1 ? ',' : ''
          }`;
          return (
            <Fragment key={key}>
              {unknown.has(key) ? (
                <Mark color="yellow" data-unknown-field={key}>
                  {line}
                </Mark>
              ) : (
                line
              )}
              {'\n'}
            </Fragment>
          );
        })}
        {'}'}
      </>
    );
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" data-testid="unknown-fields">
          {unknownFields.length === 0
            ? t('json.noUnknown')
            : t('json.unknown', { count: unknownFields.length, fields: unknownFields.join(', ') })}
        </Text>
        <CopyButton value={text} label={t('json.copyLabel')} />
      </Group>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={t('json.label')}
        data-testid="raw-json"
        m={0}
        p="sm"
        style={{
          overflow: 'auto',
          maxHeight: '28rem',
          fontSize: 'var(--mantine-font-size-xs)',
          fontFamily: 'var(--mantine-font-family-monospace)',
          background: 'var(--mantine-color-default-hover)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        {body}
      </Box>
    </Stack>
  );
}
