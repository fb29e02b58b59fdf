import { Progress, Stack, Text } from '@mantine/core';

/**
 * Long work in progress (a doctor run, a slow call): an animated bar and what is being done.
 * With `value` (0–100) the bar shows real progress.
 */
export function Working({ label, value }: { label: string; value?: number }) {
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Text size="sm">{label}</Text>
      <Progress
        value={value ?? 100}
        animated={value === undefined}
        striped={value === undefined}
        aria-label={label}
        size="sm"
      />
    </Stack>
  );
}
