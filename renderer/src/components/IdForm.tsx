import { Button, Group, Paper, TextInput } from '@mantine/core';
import { useState } from 'react';
import { parsePositiveId } from '../lib/jump-parser';

export interface IdFormText {
  /** The form's accessible name. */
  formLabel: string;
  label: string;
  hint: string;
  /** Shown under the field when the text is not a positive whole number. */
  invalid: string;
  submit: string;
}

/**
 * One numeric id, checked in the page before anything is asked of main: a lookup (`search`) or the
 * first step of a form. The field starts focused when it starts empty, so a keyboard user types
 * straight away.
 */
export function IdForm({
  initial,
  text,
  testIds,
  search = true,
  submitVariant = 'filled',
  onId,
}: {
  initial: string;
  text: IdFormText;
  testIds: { input: string; submit: string };
  search?: boolean;
  submitVariant?: 'filled' | 'default';
  onId: (id: number) => void;
}) {
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  return (
    <Paper withBorder p="md" maw={560}>
      <form
        role={search ? 'search' : undefined}
        aria-label={text.formLabel}
        onSubmit={(event) => {
          event.preventDefault();
          const id = parsePositiveId(value.trim());
          setInvalid(id === null);
          if (id !== null) onId(id);
        }}
      >
        <TextInput
          label={text.label}
          description={text.hint}
          value={value}
          inputMode="numeric"
          autoComplete="off"
          autoFocus={initial === ''}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setInvalid(false);
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
