import { Group, Text, Tooltip } from '@mantine/core';
import { CopyButton } from './CopyButton';

/**
 * A long value (an idempotency key, an id, a hash) on one short line: cut with "…" by the
 * browser, the whole value in a tooltip and in the copy button. The text stays whole in the page
 * (screen readers, find, selection); only its box is narrow. `label` names it for the copy button.
 */
export function ClippedValue({
  value,
  label,
  width = '14ch',
}: {
  value: string;
  label: string;
  width?: string;
}) {
  return (
    <Group gap={2} wrap="nowrap" data-value={value}>
      <Tooltip label={value} withArrow multiline maw={420} style={{ overflowWrap: 'anywhere' }}>
        <Text
          span
          ff="monospace"
          size="xs"
          data-clipped
          style={{
            display: 'inline-block',
            maxWidth: width,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            verticalAlign: 'middle',
          }}
        >
          {value}
        </Text>
      </Tooltip>
      <CopyButton value={value} label={label} />
    </Group>
  );
}
