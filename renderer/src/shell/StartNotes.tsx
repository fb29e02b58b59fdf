import { Alert, List } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveEnvironmentId } from '../api/environment';
import { environmentQuery, useEnvironmentQuery } from '../api/queries';

/**
 * What a first run must not learn too late, said on every screen from the start (and by `npm run
 * web` in the terminal, main/web/cli.ts): a data folder that is deleted when the console stops,
 * and a keychain that cannot be used (no credentials stored, drafts only until the console stops),
 * each with the flag or step that changes it. Hidden on request until the page is loaded again.
 */
export function StartNotes() {
  const { t } = useTranslation('shell');
  const [hidden, setHidden] = useState(false);
  const setup = useEnvironmentQuery(
    environmentQuery(useActiveEnvironmentId(), {
      key: (keys) => keys.getConsoleSetup(),
      call: (api) => api.getConsoleSetup({}),
      staleTime: Infinity,
    }),
  ).data;
  if (hidden || !setup) return null;
  const notes: Array<{ id: string; text: string }> = [];
  if (setup.dataFolderTemporary)
    notes.push({ id: 'data-folder-temporary', text: t('startNotes.dataFolderTemporary') });
  if (setup.keychain === 'unavailable')
    notes.push({ id: 'keychain-unavailable', text: t(`startNotes.keychainUnavailable.${setup.launcher}`) });
  if (notes.length === 0) return null;
  return (
    <Alert
      color="yellow"
      role="region"
      aria-label={t('startNotes.title')}
      title={t('startNotes.title')}
      withCloseButton
      closeButtonLabel={t('startNotes.hide')}
      onClose={() => setHidden(true)}
      mb="md"
      data-testid="start-notes"
    >
      <List size="sm">
        {notes.map((note) => (
          <List.Item key={note.id} data-note={note.id}>
            {note.text}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
