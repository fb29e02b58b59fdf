import { memo } from 'react';
import { CELL } from './batch-cells';

/**
 * A row going by in a fast scroll (isFlying): an empty line of the table, the rows' text only
 * once the scroll slows (and their pages are read then: those passed by would be read for nothing).
 */
export const FlyingRow = memo(function FlyingRow({
  position,
  columns,
}: {
  position: number;
  columns: number;
}) {
  return (
    <tr aria-rowindex={position + 2} aria-busy="true" data-testid="batch-row-flying">
      <td colSpan={columns} className={CELL} />
    </tr>
  );
});
