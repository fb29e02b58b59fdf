import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftHandle } from '../api/drafts';
import { ConfirmDialog } from './ConfirmDialog';
import { ErrorNotice } from './ErrorNotice';
import { useFormat } from './format-context';

/**
 * A form's draft, in one line: whether what is typed is kept (and since when), and "Discard draft"
 * after a confirmation. `onDiscarded` empties the form. Where main can keep drafts only until it
 * stops, the line says so from the moment the form opens, before anything is typed.
 */
export function DraftBar({ draft, onDiscarded }: { draft: DraftHandle; onDiscarded: () => void }) {
  const { t } = useTranslation('common');
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const { state, keeping } = draft;
  const inMemory = keeping !== null && keeping !== 'sealed';
  return (
    <>
      {draft.setAside && (
        <Alert color="yellow" data-testid="draft-set-aside">
          {t('draft.setAside')}
        </Alert>
      )}
      {draft.sealedEarlier && inMemory && (
        <Text size="sm" data-testid="draft-sealed-earlier">
          {t(`draft.sealedEarlier.${keeping}`)}
        </Text>
      )}
      <Group
        justify="space-between"
        gap="sm"
        wrap="nowrap"
        data-testid="draft-bar"
        data-draft={state.phase}
        data-keeping={keeping ?? undefined}
      >
        <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="draft-status">
          {state.phase === 'saved'
            ? t(inMemory ? 'draft.savedInMemory' : 'draft.saved', { time: format.dateTime(state.savedAt) })
            : state.phase === 'saving'
              ? t('draft.saving')
              : state.phase === 'loading'
                ? t('draft.loading')
                : inMemory
                  ? t(`draft.memoryOnly.${keeping}`)
                  : t('draft.none')}
        </Text>
        {draft.exists && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={() => setConfirming(true)}
            data-testid="draft-discard"
          >
            {t('draft.discard')}
          </Button>
        )}
      </Group>
      {state.phase === 'failed' && <ErrorNotice error={state.error} />}
      <ConfirmDialog
        opened={confirming}
        title={t('draft.discardTitle')}
        confirmLabel={t('draft.discardConfirm')}
        cancelLabel={t('draft.keep')}
        confirmColor="red"
        onConfirm={() => {
          setConfirming(false);
          void draft.discard().then(onDiscarded);
        }}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">{t('draft.discardBody')}</Text>
      </ConfirmDialog>
    </>
  );
}
