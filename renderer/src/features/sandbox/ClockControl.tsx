import { Alert, Button, Code, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { CLOCK_PRESETS, MAX_ADVANCE_SECONDS } from './sandbox-options';
import { useSandboxAdvanceClock } from './use-sandbox';

/**
 * Moves the sandbox's clock forward (expiries, the 7-day cancel, X-Date windows). Only forward:
 * the service's time never goes back.
 */
export function ClockControl() {
  const { t } = useTranslation('sandbox');
  const format = useFormat();
  const advance = useSandboxAdvanceClock();
  const [seconds, setSeconds] = useState<number | string>(3_600);
  const [invalid, setInvalid] = useState(false);
  const result = advance.data && !advance.isPending && !advance.error ? advance.data : null;

  return (
    <Stack>
      <Text size="sm">{t('clock.intro')}</Text>
      <Group align="flex-end" gap="sm">
        {CLOCK_PRESETS.map((preset) => (
          <Button
            key={preset.key}
            variant="default"
            onClick={() => advance.mutate(preset.seconds)}
            disabled={advance.isPending}
            data-testid={`clock-preset-${preset.key}`}
          >
            {t(`clock.preset.${preset.key}`)}
          </Button>
        ))}
      </Group>
      <form
        noValidate
        aria-label={t('clock.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          const value = typeof seconds === 'number' ? seconds : Number(seconds);
          if (seconds === '' || !Number.isFinite(value) || value < 0 || value > MAX_ADVANCE_SECONDS) {
            setInvalid(true);
            return;
          }
          setInvalid(false);
          advance.mutate(value);
        }}
      >
        <NumberInput
          label={t('clock.seconds')}
          description={t('clock.secondsHint')}
          value={seconds}
          min={0}
          max={MAX_ADVANCE_SECONDS}
          allowNegative={false}
          allowDecimal={false}
          onChange={(value) => {
            setSeconds(value);
            setInvalid(false);
          }}
          error={invalid ? t('clock.secondsInvalid', { max: format.number(MAX_ADVANCE_SECONDS) }) : undefined}
          data-testid="clock-seconds"
          maw={420}
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1 }}>{input}</div>
              <Button type="submit" loading={advance.isPending} data-testid="clock-advance">
                {t('clock.submit')}
              </Button>
            </Group>
          )}
        />
      </form>
      {advance.error && <ErrorNotice error={advance.error} />}
      {result && (
        <Alert color="green" title={t('clock.doneTitle')} data-testid="clock-now">
          <Text size="sm">
            {t('clock.now', { time: format.dateTime(result.now) })}{' '}
            <Code data-now={result.now}>{result.now}</Code>
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
