import { memo } from 'react';
import { LOADING_CELL } from './batch-cells';

export const PlaceholderRow = memo(function PlaceholderRow({
  position,
  columns,
  text,
}: {
  position: number;
  columns: number;
  text: string;
}) {
  return (
    <tr aria-rowindex={position + 2} aria-busy="true" data-testid="batch-row-loading">
      <td colSpan={columns} className={LOADING_CELL}>
        {text}
      </td>
    </tr>
  );
});
