import { block, drawPdf, PAGE, table, type Column } from '@/lib/documents/pdf';
import { formatDay, formatUsd } from '@/lib/format';
import type { StatementDto } from '@/lib/types';

const COLUMNS: Column[] = [
  { title: 'Date', width: 75 },
  { title: 'Description', width: 175 },
  { title: 'Order', width: 75 },
  { title: 'Amount', width: 85, align: 'right' },
  { title: 'Balance', width: 85, align: 'right' },
];

const OPEN_COLUMNS: Column[] = [
  { title: 'Invoice', width: 120 },
  { title: 'Order', width: 90 },
  { title: 'Due', width: 95 },
  { title: 'Total', width: 95, align: 'right' },
  { title: 'Still due', width: 95, align: 'right' },
];

const day = (isoDay: string) => formatDay(`${isoDay}T00:00:00Z`);

/** An account statement as a PDF: the same facts as its page, drawn with the invoices' library. */
export function renderStatementPdf(statement: StatementDto): Promise<Buffer> {
  const period = `${day(statement.from)} to ${day(statement.to)}`;
  return drawPdf(`Statement ${period}`, statement.to, (pdf) => {
    const { margin, width } = PAGE;
    pdf.font('Helvetica-Bold').fontSize(20).text('Account statement', margin, margin);
    pdf.font('Helvetica').fontSize(10);
    pdf.text(period);
    const { account, terms } = statement;
    let y = block(
      pdf,
      'Account',
      [
        account.company,
        account.company ? `Attn: ${account.name}` : account.name,
        account.email,
        terms &&
          `Net ${terms.netDays} days, credit limit ${formatUsd(terms.creditLimit)}, remaining ${formatUsd(terms.remainingCredit)}`,
      ],
      margin,
      pdf.y + 14,
      width,
    );
    y = table(
      pdf,
      COLUMNS,
      [
        ['', 'Opening balance', '', '', formatUsd(statement.openingBalance)],
        ...statement.entries.map((entry) => [
          day(entry.on),
          entry.description,
          entry.order?.replace(/^Order /, '') ?? '',
          formatUsd(entry.amount),
          formatUsd(entry.balance),
        ]),
      ],
      y + 20,
    );
    pdf.font('Helvetica-Bold').fontSize(10);
    pdf.text(`Closing balance: ${formatUsd(statement.closingBalance)}`, margin, y + 6);
    pdf.font('Helvetica').fontSize(10);
    pdf.text(
      `Open invoices now: ${formatUsd(statement.due)} due, of which ${formatUsd(statement.overdue)} overdue.`,
    );
    if (statement.openInvoices.length > 0) {
      table(
        pdf,
        OPEN_COLUMNS,
        statement.openInvoices.map((invoice) => [
          invoice.number,
          invoice.reference.replace(/^Order /, ''),
          invoice.dueOn ? `${day(invoice.dueOn)}${invoice.overdue ? ' (overdue)' : ''}` : '',
          formatUsd(invoice.total),
          formatUsd(invoice.due),
        ]),
        pdf.y + 14,
      );
    }
  });
}
