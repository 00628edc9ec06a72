import { readEnvelope, type CxmlEnvelope } from './header';
import { badDocument } from './status';
import { attribute, child, children, parseXml, textOf } from './xml';

// `PunchOutSetupRequest` (cXML 1.2): a procurement system asks for a shopping session for one of its users.

export const PUNCHOUT_OPERATIONS = ['create', 'edit', 'inspect'] as const;
export type PunchOutOperation = (typeof PUNCHOUT_OPERATIONS)[number];

export interface PunchOutSetupRequest extends Omit<CxmlEnvelope, 'request'> {
  operation: PunchOutOperation;
  /** echoed back in the PunchOutOrderMessage, so the procurement system knows its session */
  buyerCookie: string;
  /** where the cart is posted back (an https or http URL) */
  browserFormPost: string;
  /** Extrinsic name → value (UserEmail, CostCenter…) */
  extrinsics: Record<string, string>;
  contact?: { name?: string; email?: string };
  /** for edit and inspect: the items of the cart being reopened (SupplierPartID, quantity) */
  items: Array<{ supplierPartId: string; quantity: number }>;
}

function httpUrl(value: string | undefined, what: string): string {
  try {
    const url = new URL(value ?? '');
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    // refused below
  }
  throw badDocument(`${what} must be an http(s) URL`);
}

export function parseSetupRequest(xml: string): PunchOutSetupRequest {
  const { request, ...envelope } = readEnvelope(parseXml(xml));
  const setup = child(request, 'PunchOutSetupRequest');
  if (!setup) throw badDocument('The Request is not a PunchOutSetupRequest');
  const operation = attribute(setup, 'operation') as PunchOutOperation | undefined;
  if (!operation || !PUNCHOUT_OPERATIONS.includes(operation))
    throw badDocument('PunchOutSetupRequest operation must be create, edit or inspect');
  const buyerCookie = textOf(child(setup, 'BuyerCookie'));
  if (!buyerCookie) throw badDocument('PunchOutSetupRequest needs a BuyerCookie');
  const contact = child(setup, 'Contact');
  return {
    ...envelope,
    operation,
    buyerCookie,
    browserFormPost: httpUrl(
      textOf(child(child(setup, 'BrowserFormPost'), 'URL')),
      'BrowserFormPost/URL',
    ),
    extrinsics: Object.fromEntries(
      children(setup, 'Extrinsic').map((extrinsic) => [
        attribute(extrinsic, 'name') ?? '',
        textOf(extrinsic) ?? '',
      ]),
    ),
    contact: contact && {
      name: textOf(child(contact, 'Name')),
      email: textOf(child(contact, 'Email')),
    },
    items: children(setup, 'ItemOut').map((item) => ({
      supplierPartId: textOf(child(child(item, 'ItemID'), 'SupplierPartID')) ?? '',
      quantity: Number(attribute(item, 'quantity')),
    })),
  };
}
