import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WATCH_KINDS, type WatchItem, type WatchKind } from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { notify } from '../../components/notify';
import { Section } from '../../components/Section';
import { usePin } from './use-watchlist';

/** Pins an object by kind and id; the timeline of what was pinned opens below. */
export function PinForm({ onPinned }: { onPinned: (item: WatchItem) => void }) {
  const { t } = useTranslation('watchlist');
  const [kind, setKind] = useState<WatchKind>('deposit');
  const [id, setId] = useState('');
  const pin = usePin((item) => {
    setId('');
    notify({ color: 'green', message: t('pin.done', { object: t(`kindOne.${item.kind}`), id: item.id }) });
    onPinned(item);
  });
  return (
    <Section title={t('pin.title')} testId="watch-pin">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          pin.mutate({ kind, id: id.trim() });
        }}
      >
        <Stack gap="sm">
          <Group align="flex-start" gap="sm">
            <NativeSelect
              label={t('pin.kind')}
              value={kind}
              onChange={(event) => {
                setKind(event.currentTarget.value as WatchKind);
                pin.reset();
              }}
              data={WATCH_KINDS.map((value) => ({ value, label: t(`kindOne.${value}`) }))}
              w={200}
              data-testid="watch-pin-kind"
            />
            <TextInput
              label={t('pin.id')}
              description={t(`pin.idHint.${kind}`)}
              value={id}
              onChange={(event) => {
                setId(event.currentTarget.value);
                pin.reset();
              }}
              autoComplete="off"
              spellCheck={false}
              w={320}
              data-testid="watch-pin-id"
            />
          </Group>
          <Group>
            <Button
              type="submit"
              disabled={id.trim() === ''}
              loading={pin.isPending}
              data-testid="watch-pin-submit"
            >
              {t('pin.submit')}
            </Button>
          </Group>
          {pin.error && <ErrorNotice error={pin.error} />}
        </Stack>
      </form>
    </Section>
  );
}
