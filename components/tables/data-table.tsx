import { Fragment, type ReactNode } from 'react';
import { TableFrame } from '@/components/tables/table-frame';

/** Which of the two renderings a cell is drawn in: ids must differ between them. */
export type View = 'table' | 'card';

export interface Column<T> {
  header: string;
  cell: (row: T, view: View, index: number) => ReactNode;
  /** The table's row header (`<th scope="row">`). */
  rowHeader?: boolean;
  /** In a card: a labelled fact (default), a button in the card's action row, or left out (the title says it). */
  card?: 'fact' | 'action' | 'none';
  /**
   * A destructive action (Disable, Remove): set apart from the others, behind a rule in the table and on a row of its
   * own at the foot of a card, so a finger or a pointer aimed at a harmless button never lands on it.
   */
  danger?: boolean;
  /** Drawn in one rendering only (a wide table folds two facts into one column that a card keeps apart). */
  only?: View;
  /**
   * A column every row would repeat (My Orders' own Name and Email, shown once above the list): kept in the table for
   * screen readers and the column's contract, not drawn, and left out of the cards.
   */
  visuallyHidden?: boolean;
}

interface DataTableProps<T> {
  /** Names the table and the card list for screen readers. */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** A card's heading: what the row is about. */
  cardTitle: (row: T, view: View) => ReactNode;
  /** Rows that belong together (a checkout's orders): consecutive rows of one group follow one heading. */
  group?: {
    keyOf: (row: T) => string | null;
    heading: (rows: T[], view: View) => ReactNode;
  };
}

/** The rows of `rows` in the same group as the one at `index`, when it is the first of its group. */
function groupStartingAt<T>(
  rows: readonly T[],
  index: number,
  keyOf: (row: T) => string | null,
): T[] | null {
  const key = keyOf(rows[index]!);
  if (key === null || (index > 0 && keyOf(rows[index - 1]!) === key)) return null;
  return rows.filter((row) => keyOf(row) === key);
}

/**
 * A list shown as a table on wide screens and as one card per row below the `lg` breakpoint, where a table of this
 * many columns would scroll sideways on a phone. Both are rendered; CSS shows one, and the hidden one is
 * out of the accessibility tree too.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  cardTitle,
  group,
}: DataTableProps<T>) {
  const groupAt = (index: number) => (group ? groupStartingAt(rows, index, group.keyOf) : null);
  const tableColumns = columns.filter((column) => column.only !== 'card');
  const firstDanger = tableColumns.find((column) => column.danger);
  const cardColumns = columns.filter((column) => column.only !== 'table' && !column.visuallyHidden);
  const facts = cardColumns.filter((column) => (column.card ?? 'fact') === 'fact');
  const actions = cardColumns.filter((column) => column.card === 'action' && !column.danger);
  const dangers = cardColumns.filter((column) => column.card === 'action' && column.danger);
  return (
    <>
      <div className="hidden lg:block">
        <TableFrame
          caption={caption}
          headers={tableColumns.map((column) => column.header)}
          hiddenHeaders={tableColumns
            .filter((column) => column.visuallyHidden)
            .map((c) => c.header)}
        >
          {rows.map((row, index) => {
            const members = groupAt(index);
            return (
              <Fragment key={rowKey(row)}>
                {members && group && (
                  <tr className="bg-base-200">
                    <th scope="rowgroup" colSpan={tableColumns.length}>
                      {group.heading(members, 'table')}
                    </th>
                  </tr>
                )}
                <tr>
                  {tableColumns.map((column) =>
                    column.rowHeader ? (
                      <th key={column.header} scope="row">
                        {column.cell(row, 'table', index)}
                      </th>
                    ) : column.visuallyHidden ? (
                      <td key={column.header} className="w-0 p-0">
                        <span className="sr-only">{column.cell(row, 'table', index)}</span>
                      </td>
                    ) : (
                      <td
                        key={column.header}
                        className={column === firstDanger ? 'border-l border-base-300' : undefined}
                      >
                        {column.cell(row, 'table', index)}
                      </td>
                    ),
                  )}
                </tr>
              </Fragment>
            );
          })}
        </TableFrame>
      </div>
      <ul aria-label={caption} className="flex flex-col gap-3 lg:hidden">
        {rows.map((row, index) => (
          <Fragment key={rowKey(row)}>
            {group && groupAt(index) && (
              <li className="rounded-box bg-base-200 p-3">
                {group.heading(groupAt(index)!, 'card')}
              </li>
            )}
            <li className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body gap-3 p-4">
                <h3 className="card-title text-base break-words">{cardTitle(row, 'card')}</h3>
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  {facts.map((column) => (
                    <div key={column.header} className="contents">
                      <dt className="text-base-content/70">{column.header}</dt>
                      <dd className="min-w-0 break-words">{column.cell(row, 'card', index)}</dd>
                    </div>
                  ))}
                </dl>
                {actions.length > 0 && (
                  <div className="card-actions items-center justify-end">
                    {actions.map((column) => (
                      <div key={column.header}>{column.cell(row, 'card', index)}</div>
                    ))}
                  </div>
                )}
                {dangers.length > 0 && (
                  <div className="card-actions items-center justify-end border-t border-base-300 pt-3">
                    {dangers.map((column) => (
                      <div key={column.header}>{column.cell(row, 'card', index)}</div>
                    ))}
                  </div>
                )}
              </div>
            </li>
          </Fragment>
        ))}
      </ul>
    </>
  );
}
