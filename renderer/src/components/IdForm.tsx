import { Alert, Box, Button, Group, Paper, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePositiveId } from '../lib/jump-parser';
import { ErrorNotice } from './ErrorNotice';

interface IdFormText {
  /** The form's accessible name. */
  formLabel: string;
  label: string;
  hint: string;
  /** Shown under the field when the text is not a positive whole number. */
  invalid: string;
  submit: string;
  /** The notice when the address carries something that is not an id. */
  badValue: (value: string) => string;
}

interface IdFieldProps {
  text: IdFormText;
  testIds: { input: string; submit: string };
  /** A search landmark (a lookup) or a plain form (the first step of a form). */
  search?: boolean;
  submitVariant?: 'filled' | 'default';
  onId: (id: number) => void;
  /**
   * Text that is not an id (an invoice id, an external id, the start of one): searched rather
   * than refused when given. An id still opens directly.
   */
  onText?: (text: string) => void;
}

/**
 * The id a screen shows, as its address carries it (a path segment or a query parameter): the
 * form (filled with it), the notice when it is not an id, and `children(id)` when it is. Main is
 * asked nothing about a text that is not an id. Typing an id and submitting calls `onId`, which
 * changes the address; the form starts afresh for each address.
 */
export function IdForm({
  value,
  searchText = null,
  field,
  children,
  ...form
}: IdFieldProps & {
  /** Null when the address has none. */
  value: string | null;
  /** The text the address searches for (with `onText`), shown in the field. */
  searchText?: string | null;
  /** The field the notice names (`depositId`). */
  field: string;
  children: (id: number) => ReactNode;
}) {
  const id = value === null ? null : parsePositiveId(value);
  // The address (and so the record) stays when typed text is refused: the record below is then
  // the previous lookup's, and says so, or it would read as the answer to what was typed.
  const [refusedAt, setRefusedAt] = useState<string | null>(null);
  const previous = refusedAt !== null && refusedAt === value;
  return (
    <>
      <IdField
        key={value ?? searchText ?? ''}
        initial={value ?? searchText ?? ''}
        {...form}
        onRefused={(refused) => setRefusedAt(refused ? value : null)}
      />
      {value !== null && id === null && (
        <ErrorNotice error={{ kind: 'validation', field, message: form.text.badValue(value) }} />
      )}
      {id !== null && (previous ? <PreviousRecord id={id}>{children(id)}</PreviousRecord> : children(id))}
    </>
  );
}

function PreviousRecord({ id, children }: { id: number; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Box
      data-testid="previous-record"
      data-previous-id={id}
      style={{
        borderLeft: '4px solid var(--mantine-color-orange-6)',
        paddingLeft: 'var(--mantine-spacing-sm)',
      }}
    >
      <Alert color="orange" variant="light" mb="sm" role="status" title={t('idForm.previousTitle', { id })}>
        {t('idForm.previousBody')}
      </Alert>
      {children}
    </Box>
  );
}

/**
 * One numeric id, checked in the page before anything is asked of main. The field starts focused
 * when it starts empty, so a keyboard user types straight away.
 */
function IdField({
  initial,
  text,
  testIds,
  search = true,
  submitVariant = 'filled',
  onId,
  onText,
  onRefused,
}: IdFieldProps & { initial: string; onRefused: (refused: boolean) => void }) {
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  return (
    <Paper withBorder p="md" maw={560}>
      <form
        role={search ? 'search' : undefined}
        aria-label={text.formLabel}
        onSubmit={(event) => {
          event.preventDefault();
          const typed = value.trim();
          const id = parsePositiveId(typed);
          if (id !== null) onId(id);
          else if (onText && typed !== '') onText(typed);
          const refused = id === null && !(onText && typed !== '');
          setInvalid(refused);
          onRefused(refused);
        }}
      >
        <TextInput
          label={text.label}
          description={text.hint}
          value={value}
          inputMode={onText ? 'text' : 'numeric'}
          autoComplete="off"
          autoFocus={initial === ''}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setInvalid(false);
            onRefused(false);
          }}
          error={invalid ? text.invalid : undefined}
          data-testid={testIds.input}
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1 }}>{input}</div>
              <Button type="submit" variant={submitVariant} data-testid={testIds.submit}>
                {text.submit}
              </Button>
            </Group>
          )}
        />
      </form>
    </Paper>
  );
}
