import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RECONCILE_LIMITS,
  type BatchKind,
  type LedgerColumnChoice,
  type ReconcileLedgerView,
} from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FilePicker } from '../../components/FilePicker';
import { Section } from '../../components/Section';
import { choicesOf, ledgerTooLarge } from './reconcile-view';
import { usePrepareLedger, useReadLedger, useStartRun } from './use-reconcile';
import { LedgerPreview } from './LedgerPreview';

export function LedgerForm({ onStarted }: { onStarted: (runId: string) => void }) {
  const { t } = useTranslation('reconcile');
  const read = useReadLedger();
  const prepare = usePrepareLedger();
  const start = useStartRun(onStarted);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, LedgerColumnChoice> | null>(null);
  const [kind, setKind] = useState<BatchKind | null>(null);
  const [dragging, setDragging] = useState(false);
  // The last answer about the ledger: the read, or a prepare after a change of mapping or kind.
  const ledger: ReconcileLedgerView | undefined = prepare.data ?? read.data;

  const openFile = (file: File) => {
    setFileName(file.name);
    setFileProblem(null);
    prepare.reset();
    start.reset();
    if (ledgerTooLarge(file.size)) {
      setFileProblem(
        t('ledger.tooLarge', { name: file.name, mb: RECONCILE_LIMITS.maxLedgerBytes / 1048576 }),
      );
      read.reset();
      return;
    }
    read.mutate(file, {
      onSuccess: (view) => {
        setChoices(choicesOf(view.header, view.mapping));
        setKind(view.kind);
      },
    });
  };
  const change = (nextChoices: Record<string, LedgerColumnChoice>, nextKind: BatchKind) => {
    if (!read.data) return;
    setChoices(nextChoices);
    setKind(nextKind);
    start.reset();
    prepare.mutate({ ledgerRef: read.data.ledgerRef, kind: nextKind, map: nextChoices });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) openFile(file);
  };

  return (
    <Section title={t('ledger.title')} testId="reconcile-ledger">
      <Stack gap="sm">
        <Box
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          p="md"
          data-testid="reconcile-drop"
          data-dragging={dragging || undefined}
          style={{
            border: `2px dashed ${dragging ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-5)'}`,
            borderRadius: 'var(--mantine-radius-md)',
          }}
        >
          <FilePicker
            id="reconcile-file"
            label={t('ledger.file')}
            description={t('ledger.fileHint', { mb: RECONCILE_LIMITS.maxLedgerBytes / 1048576 })}
            error={fileProblem}
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            fileName={fileName}
            onFile={openFile}
            testId="reconcile-file"
          />
        </Box>
        {read.isPending && <Text size="sm">{t('ledger.reading')}</Text>}
        {read.error && <ErrorNotice error={read.error} />}
        {read.data && ledger && choices && kind && (
          <LedgerPreview
            ledger={ledger}
            choices={choices}
            kind={kind}
            onChange={change}
            pending={prepare.isPending}
          />
        )}
        {prepare.error && (
          <Alert color="orange" variant="light" role="alert" data-testid="reconcile-mapping-problem">
            {t('mapping.problem')}
            <Text size="sm" c="dimmed">
              {prepare.error.error.message}
            </Text>
          </Alert>
        )}
        {read.data && choices && kind && (
          <Group>
            <Button
              onClick={() => start.mutate({ ledgerRef: read.data.ledgerRef, kind, map: choices })}
              disabled={prepare.isPending || prepare.isError || (ledger?.entries ?? 0) === 0}
              loading={start.isPending}
              data-testid="reconcile-start"
            >
              {t('start.submit', { count: ledger?.entries ?? 0 })}
            </Button>
          </Group>
        )}
        {start.error && <ErrorNotice error={start.error} />}
      </Stack>
    </Section>
  );
}
