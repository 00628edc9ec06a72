import { Price } from '@/components/price';
import { DataTable, type Column } from '@/components/tables/data-table';
import { formatDay } from '@/lib/format';
import type { StatementDto, StatementEntryDto } from '@/lib/types';

const day = (isoDay: string) => formatDay(`${isoDay}T00:00:00Z`);

const COLUMNS: Column<StatementEntryDto>[] = [
  {
    header: 'Date',
    cell: (entry) => (
      <time dateTime={entry.on} className="whitespace-nowrap">
        {day(entry.on)}
      </time>
    ),
  },
  { header: 'Description', rowHeader: true, card: 'none', cell: (entry) => entry.description },
  { header: 'Order', cell: (entry) => entry.order?.replace(/^Order /, '') ?? '—' },
  { header: 'Amount', cell: (entry) => <Price amount={entry.amount} /> },
  {
    header: 'Balance',
    cell: (entry) => <Price amount={entry.balance} className="font-semibold" />,
  },
];

/** The period's movements between its opening and closing balance (a table, or one card per movement on phones). */
export function StatementEntries({ statement }: { statement: StatementDto }) {
  return (
    <div className="flex flex-col gap-2">
      <p>
        Opening balance on {day(statement.from)}: <Price amount={statement.openingBalance} />
      </p>
      {statement.entries.length > 0 ? (
        <DataTable
          caption={`Movements from ${day(statement.from)} to ${day(statement.to)}`}
          columns={COLUMNS}
          rows={statement.entries}
          rowKey={(entry) => `${entry.on}-${entry.description}-${entry.amount}`}
          cardTitle={(entry) => entry.description}
        />
      ) : (
        <p className="text-base-content/80">Nothing was invoiced or paid in this period.</p>
      )}
      <p className="font-semibold">
        Closing balance on {day(statement.to)}: <Price amount={statement.closingBalance} />
      </p>
    </div>
  );
}

/** The period's form: a plain GET form, so it works without JavaScript. */
export function StatementPeriod({ statement }: { statement: StatementDto }) {
  return (
    <form
      method="get"
      action="/dashboard/statement"
      aria-label="Statement period"
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-3 sm:flex-row sm:items-end"
    >
      <label className="flex flex-col gap-1 text-sm">
        From
        <input type="date" name="from" defaultValue={statement.from} className="input" />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        To
        <input type="date" name="to" defaultValue={statement.to} className="input" />
      </label>
      <button type="submit" className="btn btn-outline">
        Show
      </button>
      <a
        href={`/api/statement/pdf?from=${statement.from}&to=${statement.to}`}
        className="btn btn-primary"
        download
      >
        Download PDF
      </a>
    </form>
  );
}
