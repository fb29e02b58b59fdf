import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditIds } from '../../../../shared/contract';
import { CopyButton } from '../../components/CopyButton';

/** Ids longer than this (invoice and external ids) get a copy button: too long to retype. */
const LONG_ID = 12;

/**
 * One id of a line, whole. A number stays on one line beside its name; an invoice or external id
 * (which can be long) goes under its name and wraps, with a copy button when too long to retype.
 */
export function IdPair({ field, text }: { field: keyof AuditIds; text: string }) {
  const { t } = useTranslation('audit');
  const label = (
    <Text size="xs" span lh="20px" style={{ whiteSpace: 'nowrap' }}>
      {t(`ids.${field}`)}:
    </Text>
  );
  const value = (
    <Text
      span
      ff="monospace"
      size="sm"
      data-copy-id={text}
      style={/^\d+$/.test(text) ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
    >
      {text}
    </Text>
  );
  if (/^\d+$/.test(text)) {
    return (
      <Group gap={4} wrap="nowrap" data-id-field={field}>
        {label}
        {value}
      </Group>
    );
  }
  return (
    <Stack gap={0} data-id-field={field}>
      {label}
      <Group gap={2} wrap="nowrap" align="flex-start">
        {value}
        {text.length > LONG_ID && <CopyButton value={text} label={t(`ids.${field}`)} />}
      </Group>
    </Stack>
  );
}
