import { Button, Collapse, Stack } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Fetched } from '../../../../shared/contract';
import { JsonView } from '../../components/JsonView';

/**
 * The answer exactly as the service sent it (D12), folded away under a button: reference lists
 * are long, and the table above already shows every field the spec describes.
 */
export function RawAnswer({ fetched }: { fetched: Fetched<unknown> }) {
  const { t } = useTranslation('reference');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Stack gap="xs">
      <div>
        <Button
          variant="default"
          size="xs"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={id}
          data-testid="toggle-raw"
        >
          {open ? t('raw.hide') : t('raw.show')}
        </Button>
      </div>
      <Collapse expanded={open} id={id}>
        {open && <JsonView raw={fetched.raw} unknownFields={fetched.unknownFields} />}
      </Collapse>
    </Stack>
  );
}
