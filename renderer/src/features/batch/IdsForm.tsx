import { Button, Group, Input, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BATCH_KINDS, BATCH_LIMITS, type BatchKind, type BatchSummary } from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FilePicker } from '../../components/FilePicker';
import { Section } from '../../components/Section';
import { fileTooLong, wholeInRange } from './batch-view';
import { readFileText } from './read-file';
import { useParseIds, useStartBatch } from './use-batch';
import { ParseSummary } from './ParseSummary';

export function IdsForm({ onStarted }: { onStarted: (summary: BatchSummary) => void }) {
  const { t } = useTranslation('batch');
  const [kind, setKind] = useState<BatchKind>('deposits');
  const [text, setText] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [concurrency, setConcurrency] = useState<number | string>(BATCH_LIMITS.concurrency.default);
  const [rate, setRate] = useState<number | string>(BATCH_LIMITS.ratePerSecond.default);
  const parse = useParseIds();
  const start = useStartBatch(onStarted);
  const parsed = parse.data?.kind === kind ? parse.data : null;

  const readFile = async (file: File) => {
    setFileName(file.name);
    setFileProblem(null);
    parse.reset();
    if (fileTooLong(file.size)) {
      setFileProblem(t('input.fileTooLong', { name: file.name }));
      return;
    }
    try {
      const content = await readFileText(file);
      setText(content);
      parse.mutate({ kind, text: content });
    } catch {
      setFileProblem(t('input.fileUnreadable', { name: file.name }));
    }
  };

  return (
    <Section title={t('input.title')} testId="batch-input">
      <Stack gap="sm">
        <Input.Wrapper label={t('input.kind')} labelElement="div" id="batch-kind">
          {/* Its own line: the label is inline and the control inline-flex. */}
          <div>
            <SegmentedControl
              value={kind}
              onChange={(value) => {
                setKind(value as BatchKind);
                parse.reset();
              }}
              data={BATCH_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))}
              aria-labelledby="batch-kind-label"
              data-testid="batch-kind"
              style={{ maxWidth: 480 }}
            />
          </div>
        </Input.Wrapper>
        <Text size="sm" data-testid="batch-syntax">
          {t(`syntax.${kind}`)}
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            parse.mutate({ kind, text });
          }}
        >
          <Stack gap="sm">
            <Textarea
              label={t('input.paste')}
              description={t('input.pasteHint')}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                parse.reset();
              }}
              autosize
              minRows={4}
              maxRows={12}
              spellCheck={false}
              data-testid="batch-text"
            />
            <FilePicker
              id="batch-file"
              label={t('input.file')}
              description={t('input.fileHint')}
              error={fileProblem}
              accept=".csv,.txt,text/csv,text/plain"
              fileName={fileName}
              onFile={(file) => void readFile(file)}
              testId="batch-file"
            />
            <Group>
              <Button
                type="submit"
                variant="default"
                disabled={text.trim() === ''}
                loading={parse.isPending}
                data-testid="batch-parse"
              >
                {t('input.read')}
              </Button>
            </Group>
          </Stack>
        </form>
        {parse.error && <ErrorNotice error={parse.error} />}
        {parsed && <ParseSummary parsed={parsed} />}
        {parsed && parsed.ids.length > 0 && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              start.mutate({
                kind,
                ids: parsed.ids,
                concurrency: wholeInRange(
                  concurrency,
                  BATCH_LIMITS.concurrency.min,
                  BATCH_LIMITS.concurrency.max,
                  BATCH_LIMITS.concurrency.default,
                ),
                ratePerSecond: wholeInRange(
                  rate,
                  BATCH_LIMITS.ratePerSecond.min,
                  BATCH_LIMITS.ratePerSecond.max,
                  BATCH_LIMITS.ratePerSecond.default,
                ),
              });
            }}
          >
            <Group align="flex-end" gap="sm">
              <NumberInput
                label={t('start.concurrency')}
                description={t('start.concurrencyHint', {
                  min: BATCH_LIMITS.concurrency.min,
                  max: BATCH_LIMITS.concurrency.max,
                })}
                value={concurrency}
                onChange={setConcurrency}
                min={BATCH_LIMITS.concurrency.min}
                max={BATCH_LIMITS.concurrency.max}
                allowDecimal={false}
                allowNegative={false}
                w={200}
                data-testid="batch-concurrency"
              />
              <NumberInput
                label={t('start.rate')}
                description={t('start.rateHint', {
                  min: BATCH_LIMITS.ratePerSecond.min,
                  max: BATCH_LIMITS.ratePerSecond.max,
                })}
                value={rate}
                onChange={setRate}
                min={BATCH_LIMITS.ratePerSecond.min}
                max={BATCH_LIMITS.ratePerSecond.max}
                allowDecimal={false}
                allowNegative={false}
                w={200}
                data-testid="batch-rate"
              />
              <Button type="submit" loading={start.isPending} data-testid="batch-start">
                {t('start.submit', { count: parsed.ids.length })}
              </Button>
            </Group>
          </form>
        )}
        {start.error && <ErrorNotice error={start.error} />}
      </Stack>
    </Section>
  );
}
