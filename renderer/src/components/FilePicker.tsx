import { Button, FileButton, Group, Input, Text } from '@mantine/core';
import { useRef, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A file to open, with a label, a hint and an error: a button and the chosen file's name in the
 * active language. The browser's own file input would say "Choose File / No file chosen" in the
 * browser's language whatever the console's. `testId` lands on the (hidden) file input, which is
 * what tests hand files to; the button opens the same input.
 */
export function FilePicker({
  id,
  label,
  description,
  error,
  accept,
  fileName,
  onFile,
  testId,
}: {
  id: string;
  label: ReactNode;
  description: ReactNode;
  error: ReactNode;
  accept: string;
  /** The file last chosen (or dropped), shown beside the button; null before any. */
  fileName: string | null;
  onFile: (file: File) => void;
  testId: string;
}) {
  const { t } = useTranslation('common');
  const resetRef = useRef<() => void>(null);
  const nameId = `${id}-name`;
  const describedBy = [nameId, `${id}-description`, error ? `${id}-error` : null]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <Input.Wrapper label={label} description={description} error={error} id={id}>
      <Group gap="sm" mt={4} wrap="nowrap">
        <FileButton
          accept={accept}
          resetRef={resetRef}
          inputProps={{ 'data-testid': testId } as ComponentProps<'input'>}
          onChange={(file) => {
            // Emptied so that opening the same file again reads it again.
            resetRef.current?.();
            if (file) onFile(file);
          }}
        >
          {(props) => (
            <Button
              {...props}
              id={id}
              variant="default"
              // The field's label first, then the button's own words.
              aria-labelledby={`${id}-label ${id}`}
              aria-describedby={describedBy}
              data-testid={`${testId}-button`}
            >
              {t('filePicker.choose')}
            </Button>
          )}
        </FileButton>
        <Text
          size="sm"
          c={fileName === null ? 'dimmed' : undefined}
          id={nameId}
          data-testid={`${testId}-name`}
          data-chosen={fileName !== null || undefined}
          truncate="end"
          title={fileName ?? undefined}
        >
          {fileName ?? t('filePicker.none')}
        </Text>
      </Group>
    </Input.Wrapper>
  );
}
