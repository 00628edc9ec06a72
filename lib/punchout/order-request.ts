import { readEnvelope, type CxmlEnvelope } from './header';
import { badDocument } from './status';
import { attribute, child, children, parseXml, textOf, type XmlNode } from './xml';

// `OrderRequest` (cXML 1.2): the purchase order a procurement system sends once the requisition is approved.

export interface CxmlAddress {
  addressId?: string;
  name: string;
  deliverTo?: string;
  street: string[];
  city: string;
  state?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  email?: string;
}

export interface OrderRequestLine {
  lineNumber: number;
  quantity: number;
  supplierPartId: string;
  /** what the shop put in the PunchOutOrderMessage: the requisition the line came from */
  supplierPartAuxiliaryId?: string;
  unitPriceCents: number;
  currency: string;
  unitOfMeasure: string;
  description?: string;
}

export interface OrderRequest extends Omit<CxmlEnvelope, 'request'> {
  /** the buyer's purchase order number */
  orderId: string;
  orderDate: string;
  /** new, update or delete */
  type: string;
  totalCents?: number;
  shipTo?: CxmlAddress;
  billTo: CxmlAddress;
  lines: OrderRequestLine[];
}

/** "12.50" → 1250; cXML money is a decimal string, the shop's is cents. */
export function moneyCents(text: string | undefined, where: string): number {
  if (!text || !/^\d+(\.\d{1,2})?$/.test(text.trim()))
    throw badDocument(`${where} must be an amount like 12.50`);
  const [whole, fraction = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function address(parent: XmlNode | undefined, where: string): CxmlAddress | undefined {
  const element = child(parent, 'Address');
  if (!element) return undefined;
  const postal = child(element, 'PostalAddress');
  const country = attribute(child(postal, 'Country'), 'isoCountryCode');
  const street = children(postal, 'Street').map((line) => textOf(line) ?? '');
  const city = textOf(child(postal, 'City'));
  if (!postal || street.length === 0 || !city || !country || !/^[A-Z]{2}$/.test(country))
    throw badDocument(
      `${where} needs a PostalAddress with Street, City and Country isoCountryCode`,
    );
  return {
    addressId: attribute(element, 'addressID'),
    name: textOf(child(element, 'Name')) ?? '',
    deliverTo: textOf(child(postal, 'DeliverTo')),
    street,
    city,
    state: textOf(child(postal, 'State')),
    postalCode: textOf(child(postal, 'PostalCode')),
    country,
    email: textOf(child(element, 'Email')),
  };
}

function line(item: XmlNode, index: number): OrderRequestLine {
  const where = `ItemOut ${index + 1}`;
  const quantity = Number(attribute(item, 'quantity'));
  if (!Number.isInteger(quantity) || quantity < 1)
    throw badDocument(`${where}: quantity must be a whole number of at least 1`);
  const itemId = child(item, 'ItemID');
  const supplierPartId = textOf(child(itemId, 'SupplierPartID'));
  if (!supplierPartId) throw badDocument(`${where} needs ItemID/SupplierPartID`);
  const detail = child(item, 'ItemDetail');
  const money = child(child(detail, 'UnitPrice'), 'Money');
  const unitOfMeasure = textOf(child(detail, 'UnitOfMeasure'));
  if (!unitOfMeasure) throw badDocument(`${where} needs ItemDetail/UnitOfMeasure`);
  return {
    lineNumber: Number(attribute(item, 'lineNumber') ?? index + 1),
    quantity,
    supplierPartId,
    supplierPartAuxiliaryId: textOf(child(itemId, 'SupplierPartAuxiliaryID')) || undefined,
    unitPriceCents: moneyCents(textOf(money), `${where} UnitPrice`),
    currency: attribute(money, 'currency') ?? '',
    unitOfMeasure,
    description: textOf(child(detail, 'Description')),
  };
}

export function parseOrderRequest(xml: string): OrderRequest {
  const { request, ...envelope } = readEnvelope(parseXml(xml));
  const order = child(request, 'OrderRequest');
  if (!order) throw badDocument('The Request is not an OrderRequest');
  const header = child(order, 'OrderRequestHeader');
  const orderId = attribute(header, 'orderID');
  const orderDate = attribute(header, 'orderDate');
  if (!orderId) throw badDocument('OrderRequestHeader needs an orderID');
  if (!orderDate || Number.isNaN(Date.parse(orderDate)))
    throw badDocument('OrderRequestHeader needs an orderDate');
  const billTo = address(child(header, 'BillTo'), 'BillTo');
  if (!billTo) throw badDocument('OrderRequestHeader needs a BillTo address');
  const items = children(order, 'ItemOut');
  if (items.length === 0) throw badDocument('An OrderRequest needs at least one ItemOut');
  const lines = items.map(line);
  if (lines.some((item) => item.currency !== 'USD'))
    throw badDocument('The shop prices in USD: every UnitPrice must be Money currency="USD"');
  const total = child(child(header, 'Total'), 'Money');
  return {
    ...envelope,
    orderId,
    orderDate,
    type: attribute(header, 'type') ?? 'new',
    totalCents: total ? moneyCents(textOf(total), 'Total') : undefined,
    shipTo: address(child(header, 'ShipTo'), 'ShipTo'),
    billTo,
    lines,
  };
}
