import { Button, Kbd } from '@mantine/core';
import { useDisclosure, useHotkeys, useOs } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../components/Dialog';
import { JumpForm } from './JumpForm';

/** Ctrl/Cmd+K anywhere (inputs included) opens the jump box in a dialog; so does the header button. */
export function JumpDialog() {
  const { t } = useTranslation('shell');
  const [opened, { open, close }] = useDisclosure(false);
  const os = useOs();
  useHotkeys([['mod+K', open]], []);
  const shortcut = os === 'macos' ? '⌘ K' : 'Ctrl K';
  return (
    <>
      <Button
        variant="default"
        size="compact-sm"
        onClick={open}
        rightSection={<Kbd size="xs">{shortcut}</Kbd>}
        aria-keyshortcuts={os === 'macos' ? 'Meta+K' : 'Control+K'}
        data-testid="jump-button"
      >
        {t('jump.button')}
      </Button>
      <Dialog opened={opened} onClose={close} title={t('jump.dialogTitle')} size="lg">
        <JumpForm autoFocus onDone={close} />
      </Dialog>
    </>
  );
}
