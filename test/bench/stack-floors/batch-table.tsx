// The renderer bench's batch-table floor: the batch's rows in a table virtualised by TanStack
// Virtual, rendered by React alone (no Mantine, no app code), the same columns and widths as the
// app's table (the bench writes them with the rows). See stack-floors.ts.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import './batch-table.css';

interface Column {
  name: string;
  width: number;
}
type Row = Record<string, string | number | null | undefined> & { index: number };
interface Batch {
  columns: Column[];
  rows: Row[];
}

const ROW_HEIGHT = 32;
const OVERSCAN = 4;
const VIEWPORT_HEIGHT = 480;

const formats = new Map<string, Intl.NumberFormat>();
function money(amount: number, currency: string | undefined): string {
  const code = currency ?? 'USD';
  let format = formats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en', { style: 'currency', currency: code });
    formats.set(code, format);
  }
  return format.format(amount);
}

function text(row: Row, column: string): string {
  const value = row[column];
  switch (column) {
    case 'index':
      return String(row.index + 1);
    case 'amount':
      return typeof value === 'number' ? money(value, row.currency as string | undefined) : '—';
    case 'usdAmount':
      return typeof value === 'number' ? money(value, 'USD') : '—';
    case 'change':
      return row.changed == null ? '—' : String(row.changed);
    case 'error':
      return row.errorKind == null
        ? '—'
        : `${row.errorKind}${row.errorCode == null ? '' : ` (${row.errorCode})`}`;
    default:
      return value == null ? '—' : String(value);
  }
}

function Body({ element, batch }: { element: HTMLDivElement; batch: Batch }) {
  const virtualizer = useVirtualizer({
    count: batch.rows.length,
    getScrollElement: () => element,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const last = items[items.length - 1];
  const bottom = last ? virtualizer.getTotalSize() - last.end : 0;
  return (
    <tbody>
      {top > 0 && (
        <tr>
          <td colSpan={batch.columns.length} style={{ height: top, padding: 0 }} />
        </tr>
      )}
      {items.map((item) => {
        const row = batch.rows[item.index];
        if (!row) return null;
        return (
          <tr key={item.key} data-testid="batch-row" aria-rowindex={item.index + 2}>
            {batch.columns.map((column) => (
              <td key={column.name} className="floor-cell">
                {text(row, column.name)}
              </td>
            ))}
          </tr>
        );
      })}
      {bottom > 0 && (
        <tr>
          <td colSpan={batch.columns.length} style={{ height: bottom, padding: 0 }} />
        </tr>
      )}
    </tbody>
  );
}

function Table({ batch }: { batch: Batch }) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const width = batch.columns.reduce((sum, column) => sum + column.width, 0);
  return (
    <div
      ref={setElement}
      data-testid="batch-results"
      data-count={batch.rows.length}
      style={{ height: VIEWPORT_HEIGHT, overflow: 'auto', contain: 'strict' }}
    >
      <table style={{ tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: 0, width }}>
        <colgroup>
          {batch.columns.map((column) => (
            <col key={column.name} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {batch.columns.map((column) => (
              <th key={column.name} className="floor-cell floor-header">
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        {element && <Body element={element} batch={batch} />}
      </table>
    </div>
  );
}

function Floor({ expose }: { expose: (show: (batch: Batch) => void) => void }) {
  const [batch, setBatch] = useState<Batch | undefined>(undefined);
  expose(setBatch);
  return <main>{batch && <Table batch={batch} />}</main>;
}

// The bench loads the rows (untimed, like the rows answer reaching the app), then times show():
// from the rows in the page to the first paint of the table.
let loaded: Batch | undefined;
let show: (batch: Batch) => void = () => undefined;
Object.assign(window, {
  __benchFloor: {
    async load(url: string): Promise<number> {
      loaded = (await (await fetch(url)).json()) as Batch;
      return loaded.rows.length;
    },
    show(): void {
      if (loaded) show(loaded);
    },
  },
});
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <Floor
      expose={(setter) => {
        show = setter;
      }}
    />,
  );
