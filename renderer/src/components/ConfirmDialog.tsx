import { Button, Group, Stack, TextInput, type MantineColor } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleError } from '../../../shared/contract';
import type { ConsoleFailure } from '../api/console-failure';
import { Dialog } from './Dialog';
import { ErrorNotice } from './ErrorNotice';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen, in words. */
  children: ReactNode;
  /** Names the action ("Cancel the cashout"), never a bare "Yes" or "OK". */
  confirmLabel: string;
  /** Names what closing keeps ("Keep the cashout"): a bare "Cancel" beside "Cancel the cashout" is misread. */
  cancelLabel: string;
  confirmColor?: MantineColor;
  /** When set, the user must type exactly this before confirming (e.g. a production profile's name). */
  typeToConfirm?: string;
  /** The action is running: the confirm button spins and nothing can be pressed twice. */
  busy?: boolean;
  /** The action's failure, shown inside the dialog. */
  error?: ConsoleError | ConsoleFailure | null;
  /** Gets what was typed (empty without `typeToConfirm`). */
  onConfirm: (typed: string) => void;
  onClose: () => void;
}

/** THE confirmation dialog; optionally "type X to confirm". The caller closes it on success. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, onClose } = props;
  return (
    <Dialog opened={opened} onClose={onClose} title={props.title} centered>
      {/* Mounted only while open, so the typed text starts empty every time. */}
      {opened && <ConfirmBody {...props} />}
    </Dialog>
  );
}

function ConfirmBody({
  children,
  confirmLabel,
  cancelLabel,
  confirmColor = 'blue',
  typeToConfirm,
  busy = false,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [typed, setTyped] = useState('');
  const matches = typeToConfirm === undefined || typed === typeToConfirm;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (matches && !busy) onConfirm(typed);
      }}
    >
      <Stack>
        <div>{children}</div>
        {typeToConfirm !== undefined && (
          <TextInput
            label={t('confirm.typeLabel', { text: typeToConfirm })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
        )}
        {error && <ErrorNotice error={error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy} data-testid="confirm-dismiss">
            {cancelLabel}
          </Button>
          <Button type="submit" color={confirmColor} disabled={!matches} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
