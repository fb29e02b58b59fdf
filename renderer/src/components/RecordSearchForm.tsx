import { Button, Group, Paper, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORD_LIMITS } from '../../../shared/contract';
import { searchTextOf } from '../lib/record-filters';

/** A search box of its own, for a lookup screen whose form takes ids only (Cashouts). */
export function RecordSearchForm({
  initial,
  onSearch,
}: {
  initial: string;
  onSearch: (text: string) => void;
}) {
  const { t } = useTranslation('records');
  const [text, setText] = useState(initial);
  return (
    <Paper withBorder p="md" maw={560}>
      <form
        role="search"
        aria-label={t('search.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          const typed = searchTextOf(text);
          if (typed !== null) onSearch(typed);
        }}
      >
        <TextInput
          label={t('search.label')}
          description={t('search.hint')}
          value={text}
          autoComplete="off"
          spellCheck={false}
          maxLength={RECORD_LIMITS.maxSearchText}
          onChange={(event) => setText(event.currentTarget.value)}
          data-testid="record-search-input"
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1 }}>{input}</div>
              <Button type="submit" variant="default" data-testid="record-search-submit">
                {t('search.submit')}
              </Button>
            </Group>
          )}
        />
      </form>
    </Paper>
  );
}
