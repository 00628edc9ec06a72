import { formatPieces } from '@/lib/format';
import type { OrderDocumentDto } from '@/lib/types';

/** What shipped of one line: each shipment that took pieces of it, with its carrier and tracking number. */
export function LineShipments({
  orderId,
  shipments,
}: {
  orderId: string;
  shipments: OrderDocumentDto['shipments'];
}) {
  const taking = shipments.flatMap((shipment) => {
    const line = shipment.lines.find((taken) => taken.orderId === orderId);
    return line ? [{ ...shipment, quantity: line.quantity }] : [];
  });
  if (taking.length === 0) return null;
  return (
    <ul aria-label="Shipments" className="mt-1 flex flex-col gap-1 text-xs">
      {taking.map((shipment) => (
        <li key={shipment.number} className="max-w-52">
          <span className="font-semibold">{shipment.number}</span>:{' '}
          {formatPieces(shipment.quantity)}
          {shipment.carrier && <> · {shipment.carrier}</>}
          {shipment.trackingNumber && (
            <>
              {' '}
              · Tracking <span className="font-mono break-all">{shipment.trackingNumber}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
