import Link from 'next/link';
import { Price } from '@/components/price';
import { Sku } from '@/components/products/sku';
import { ShipLineButton } from '@/components/orders/ship-line-button';
import type { View } from '@/components/tables/data-table';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { DocumentStatusBadge } from '@/components/orders/order-cells';
import {
  formatCheckoutNumber,
  formatCount,
  formatDay,
  formatOrderNumber,
  formatPieces,
} from '@/lib/format';
import type { OrderDocumentDto } from '@/lib/types';

type Document = OrderDocumentDto;

/**
 * What people call the document: an order of one line by that line's number, as docs/PRODUCT.md's orders always were
 * ("#1042"); an order of many lines by its C-number.
 */
export const documentName = (document: Document) =>
  document.lines.length > 1
    ? formatCheckoutNumber(document.number)
    : formatOrderNumber(document.lines[0]!.number);

/** The id of the element naming a document's lines, which describes its buttons. */
export const documentLabelId = (document: Document, view: View) =>
  `document-${document.id}-lines-${view}`;

/** The order page of the document: its lines, money, shipments and history. */
export function DocumentLink({ document }: { document: Document }) {
  return (
    <Link
      href={`/dashboard/orders/${document.id}`}
      prefetch={false}
      className="link font-semibold whitespace-nowrap"
      aria-label={`Order ${documentName(document)}: details and history`}
    >
      {documentName(document)}
    </Link>
  );
}

/** The other number of the document: its C-number under a line's, or its lines' numbers (cut short) under its own. */
export function LineNumbers({ document }: { document: Document }) {
  if (document.lines.length === 1) {
    return (
      <span className="text-xs text-base-content/70">{formatCheckoutNumber(document.number)}</span>
    );
  }
  const numbers = document.lines.map((line) => formatOrderNumber(line.number));
  const shown = numbers.length > 3 ? [numbers[0], '…', numbers.at(-1)] : numbers;
  return <span className="text-xs text-base-content/70">{shown.join(' ')}</span>;
}

export function PlacedOn({ document }: { document: Document }) {
  return (
    <time dateTime={document.createdAt} className="text-xs whitespace-nowrap">
      {formatDay(document.createdAt)}
    </time>
  );
}

/** The buyer's name, its company when the account has one, and where the order goes (the order page has it whole). */
export function BuyerCell({ document }: { document: Document }) {
  return (
    <div className="flex max-w-44 flex-col">
      <span>{document.buyer.name}</span>
      {document.buyer.company && <span className="text-xs">{document.buyer.company}</span>}
      <span className="line-clamp-2 text-xs break-words text-base-content/70">
        <span className="sr-only">Ship to </span>
        {document.buyer.address}
      </span>
    </div>
  );
}

/** One line: its product and part number; more: how many lines and pieces, and their products. */
export function LinesSummary({ document, view }: { document: Document; view: View }) {
  const [first] = document.lines;
  if (document.lines.length === 1 && first) {
    return (
      <div className="flex flex-col">
        <span id={documentLabelId(document, view)}>{first.name}</span>
        <Sku sku={first.sku} className="text-xs" />
      </div>
    );
  }
  return (
    <div className="flex flex-col">
      <span id={documentLabelId(document, view)} className="font-medium">
        {formatCount(document.lines.length)} lines · {formatPieces(document.pieces)}
      </span>
      <span className="line-clamp-2 text-xs text-base-content/70">
        {document.lines.map((line) => line.name).join(', ')}
      </span>
    </div>
  );
}

/** The price per piece of a document of one line; lines of many prices have none of their own. */
export function UnitPriceCell({ document }: { document: Document }) {
  const prices = new Set(document.lines.map((line) => line.price));
  if (prices.size !== 1) return <span aria-label="Varies by line">—</span>;
  return <Price amount={document.lines[0]!.price} />;
}

/** What is still owed, or "Due {day}" on net terms. */
export function AmountDueCell({ document }: { document: Document }) {
  if (document.amountDue === 0) return <span aria-label="Nothing due">—</span>;
  return (
    <div className="flex flex-col">
      <Price amount={document.amountDue} className="font-semibold" />
      {document.dueDate && (
        <span className="text-xs whitespace-nowrap">
          Due {formatDay(`${document.dueDate}T00:00:00Z`)}
        </span>
      )}
    </div>
  );
}

const shippableOf = (document: Document) =>
  document.lines.reduce((sum, line) => sum + line.shippable, 0);
const shippedOf = (document: Document) =>
  document.lines.reduce((sum, line) => sum + line.shipped, 0);

/**
 * All Orders' status cell and next action: the order's state (the buyer's names and colours), then what the admin
 * may do: docs/PRODUCT.md's Pending on an order of one line that ships whole, or Ship (the order page's dialog) when
 * part of it can go. Pieces still back-ordered, or shipped of a part-shipped order, say so.
 */
export function NextActionCell({ document, view }: { document: Document; view: View }) {
  const badge = <DocumentStatusBadge document={document} />;
  if (document.status === 'shipped') return badge;
  const shippable = shippableOf(document);
  const backOrdered = document.lines.reduce((sum, line) => sum + line.backOrdered, 0);
  const mayShip = document.paid || document.onTerms;
  const [only] = document.lines;
  const note =
    document.status === 'partially_shipped'
      ? `${formatCount(shippedOf(document))} of ${formatPieces(document.pieces)} shipped`
      : backOrdered > 0
        ? `${formatPieces(backOrdered)} back-ordered`
        : null;
  return (
    <div className="flex flex-col items-start gap-1">
      {badge}
      {!mayShip || shippable === 0 ? null : document.lines.length === 1 &&
        only &&
        only.shippable === only.quantity ? (
        <ShipLineButton orderId={only.orderId} number={only.number} view={view} />
      ) : (
        <Link
          href={`/dashboard/orders/${document.id}?ship=1`}
          prefetch={false}
          className={`${BUTTON.primary} ${ROW_BUTTON}`}
          aria-describedby={documentLabelId(document, view)}
        >
          Ship
        </Link>
      )}
      {note && <span className="text-xs text-base-content/70">{note}</span>}
    </div>
  );
}
