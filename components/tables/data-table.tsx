import type { ReactNode } from 'react';
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
}

/**
 * A list shown as a table on wide screens and as one card per row below the `lg` breakpoint, where a table of this
 * many columns would scroll sideways on a phone (issue 17). Both are rendered; CSS shows one, and the hidden one is
 * out of the accessibility tree too.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, cardTitle }: DataTableProps<T>) {
  const tableColumns = columns.filter((column) => column.only !== 'card');
  const cardColumns = columns.filter((column) => column.only !== 'table' && !column.visuallyHidden);
  const facts = cardColumns.filter((column) => (column.card ?? 'fact') === 'fact');
  const actions = cardColumns.filter((column) => column.card === 'action');
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
          {rows.map((row, index) => (
            <tr key={rowKey(row)}>
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
                  <td key={column.header}>{column.cell(row, 'table', index)}</td>
                ),
              )}
            </tr>
          ))}
        </TableFrame>
      </div>
      <ul aria-label={caption} className="flex flex-col gap-3 lg:hidden">
        {rows.map((row, index) => (
          <li key={rowKey(row)} className="card border border-base-300 bg-base-100 shadow-sm">
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
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
