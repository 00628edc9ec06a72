import { formatOrderNumber } from '@/lib/format';
import type { MailData } from '@/lib/mail/kinds';
import type { OrderState } from '@/lib/order-status';
import { MailLayout, OrderStateLine } from './layout';

type Piece = MailData<'shipment_sent'>['shipped'][number];

function Pieces({ title, pieces }: { title: string; pieces: readonly Piece[] }) {
  return (
    <>
      <p>
        <strong>{title}</strong>
      </p>
      <table cellPadding={4}>
        <thead>
          <tr>
            <th align="left">Order</th>
            <th align="left">Product</th>
            <th align="left">SKU</th>
            <th align="right">Quantity</th>
          </tr>
        </thead>
        <tbody>
          {pieces.map((piece) => (
            <tr key={piece.number}>
              <td>{formatOrderNumber(piece.number)}</td>
              <td>{piece.product}</td>
              <td>{piece.sku}</td>
              <td align="right">{piece.quantity} pieces</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Shipped once nothing is still to come, else partially shipped: the order's state after this parcel. */
export const shipmentState = (shipment: Pick<MailData<'shipment_sent'>, 'toCome'>): OrderState =>
  shipment.toCome.length > 0 ? 'partially_shipped' : 'shipped';

export function ShipmentSentMail(shipment: MailData<'shipment_sent'>) {
  return (
    <MailLayout
      heading="Your order is on its way"
      action={{ label: 'My Orders', href: shipment.link }}
    >
      <p>
        Hello {shipment.name}, shipment {shipment.shipmentNumber} of your {shipment.reference} has
        left our warehouse.
      </p>
      <OrderStateLine state={shipmentState(shipment)} />
      <p>
        {shipment.trackingNumber
          ? `Tracking number: ${shipment.trackingNumber}${shipment.carrier ? ` (${shipment.carrier})` : ''}`
          : `Carrier: ${shipment.carrier ?? 'our own delivery'}`}
      </p>
      <Pieces title="In this shipment" pieces={shipment.shipped} />
      {shipment.toCome.length > 0 ? (
        <Pieces title="Still to come" pieces={shipment.toCome} />
      ) : (
        <p>This completes your order.</p>
      )}
    </MailLayout>
  );
}
