import { formatDateTime, formatOrderNumber, formatPieces } from '@/lib/format';
import type { OrderDocumentDto } from '@/lib/types';

/**
 * An order's shipments, oldest first: number, day, carrier and tracking number, and the pieces of each line it took;
 * admins also get each parcel's packing slip.
 */
export function DocumentShipments({
  document,
  packingSlips,
}: {
  document: Pick<OrderDocumentDto, 'id' | 'lines' | 'shipments'>;
  packingSlips: boolean;
}) {
  if (document.shipments.length === 0) return <p className="text-sm">Nothing has shipped yet.</p>;
  const numberOf = new Map(document.lines.map((line) => [line.orderId, line.number]));
  return (
    <ul aria-label="Shipments" className="flex flex-col gap-3">
      {document.shipments.map((shipment) => (
        <li key={shipment.number} className="flex flex-col gap-0.5 text-sm">
          <p>
            <span className="font-semibold">Shipment {shipment.number}</span>,{' '}
            <time dateTime={shipment.shippedAt}>{formatDateTime(shipment.shippedAt)}</time>
          </p>
          <p>
            {shipment.carrier ?? 'Carrier not given'}
            {shipment.trackingNumber ? (
              <>
                {' '}
                · Tracking number{' '}
                <span className="font-mono break-all">{shipment.trackingNumber}</span>
              </>
            ) : (
              ' · no tracking number'
            )}
          </p>
          <p className="text-base-content/75">
            {shipment.lines
              .map(
                (line) =>
                  `${formatOrderNumber(numberOf.get(line.orderId) ?? 0)}: ${formatPieces(line.quantity)}`,
              )
              .join(', ')}
          </p>
          {packingSlips && document.id && (
            <a
              href={`/api/checkout/${document.id}/shipments/${shipment.number}/packing-slip`}
              className="link text-xs"
              download
            >
              Packing slip {shipment.number}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
