import './batch-table.css';
import type { BatchColumn } from './batch-view';

/*
 * A scroll can show a new window of rows in every frame. Past a screenful a frame (10,000 rows
 * top to bottom in 2 s is ~85 rows a frame) the rows are drawn empty (FlyingRow);
 * slower, every frame renders rows with their text, so a row is plain cells: no hooks (the words
 * and the number format are looked up once per table, RowWords), classes rather than inline
 * styles (batch-table.css), and memoised on props that stay the same while the table scrolls.
 */
export const CELL = 'paydesk-batch-cell';
export const HEADER_CELL = `${CELL} paydesk-batch-header`;
export const MONO = `${CELL} paydesk-batch-mono`;
export const CHANGED_CELL = `${CELL} paydesk-batch-changed`;
export const NEW_CELL = `${CELL} paydesk-batch-new`;
export const FAILED_CELL = `${CELL} paydesk-batch-failed`;
export const LOADING_CELL = `${CELL} paydesk-batch-loading`;
export const CHANGED_ROW = 'paydesk-batch-changed-row';
export const SPACER = 'paydesk-batch-spacer';
/* The id stays in view when the table scrolls sideways (after the row number, when shown). */
export const STICKY = 'paydesk-batch-sticky';
const STICKY_AFTER_INDEX = 'paydesk-batch-sticky paydesk-batch-sticky-after-index';

/** The cell classes of a column that stays in view, none for the others. */
export function stickyClass(column: BatchColumn, columns: readonly BatchColumn[]): string | undefined {
  if (column === 'index') return STICKY;
  if (column === 'id') return columns[0] === 'index' ? STICKY_AFTER_INDEX : STICKY;
  return undefined;
}
