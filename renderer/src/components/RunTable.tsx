import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The runs kept of a long lookup (batch, reconcile): one row per run, the one being
 * looked at marked current and bold, so both screens list their runs the same way.
 */
export function RunTable<Run>({
  testId,
  headers,
  runs,
  idOf,
  idAttribute,
  stateOf,
  selectedId,
  cells,
}: {
  testId: string;
  /** The columns' names, in the order `cells` gives their cells. */
  headers: readonly string[];
  runs: readonly Run[];
  idOf: (run: Run) => string;
  /** The row's attribute that holds the run's id: each screen names its runs its own way. */
  idAttribute: 'data-batch-id' | 'data-run-id';
  stateOf: (run: Run) => string;
  selectedId: string | null;
  /** A run's cells (Table.Td), one per header. */
  cells: (run: Run) => ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) => (
              <Table.Th key={index} scope="col">
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => {
            const id = idOf(run);
            return (
              <Table.Tr
                key={id}
                {...{ [idAttribute]: id }}
                data-state={stateOf(run)}
                aria-current={id === selectedId ? 'true' : undefined}
                fw={id === selectedId ? 700 : undefined}
              >
                {cells(run)}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
