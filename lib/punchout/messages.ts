import { randomUUID } from 'node:crypto';
import { centsAsDecimal } from '@/lib/money';
import type { Credential } from './header';
import type { CxmlStatusCode } from './status';
import { escapeXml } from './xml';

// The cXML the shop writes: the answer to a request (`Response` with a Status, `PunchOutSetupResponse` with the
// StartPage) and the cart sent back to the procurement system (`PunchOutOrderMessage`).

const DOCTYPE = '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">';

/** payloadID as cXML recommends: unique, then @ and the sender's domain. */
export const newPayloadId = (domain: string) => `${Date.now()}.${randomUUID()}@${domain}`;

function cxml(body: string, payloadDomain: string, now: Date): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n${DOCTYPE}\n` +
    `<cXML payloadID="${escapeXml(newPayloadId(payloadDomain))}" timestamp="${now.toISOString()}" xml:lang="en-US">` +
    `${body}</cXML>`
  );
}

const STATUS_TEXT: Record<CxmlStatusCode, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  406: 'Not Acceptable',
  409: 'Conflict',
  500: 'Internal Server Error',
};

const status = (code: CxmlStatusCode, message?: string) =>
  `<Status code="${code}" text="${STATUS_TEXT[code]}">${message ? escapeXml(message) : ''}</Status>`;

/** A `Response` with only a Status: an OrderRequest's answer, or any refusal. */
export function cxmlResponse(
  code: CxmlStatusCode,
  message: string | undefined,
  domain: string,
  now = new Date(),
) {
  return cxml(`<Response>${status(code, message)}</Response>`, domain, now);
}

/** The answer to a PunchOutSetupRequest: where the user's browser starts shopping. */
export function punchOutSetupResponse(startPage: string, domain: string, now = new Date()) {
  return cxml(
    `<Response>${status(200)}<PunchOutSetupResponse><StartPage><URL>${escapeXml(startPage)}</URL></StartPage>` +
      `</PunchOutSetupResponse></Response>`,
    domain,
    now,
  );
}

export interface PunchOutItem {
  quantity: number;
  /** the SKU */
  supplierPartId: string;
  /** the requisition line the shop keeps, read back from the OrderRequest */
  supplierPartAuxiliaryId: string;
  unitPriceCents: number;
  description: string;
  /** UN/ECE Rec 20 */
  unitOfMeasure: string;
  unspsc: string | null;
  /** days */
  leadTime?: number;
}

const credential = ({ domain, identity }: Credential, secret?: string) =>
  `<Credential domain="${escapeXml(domain)}"><Identity>${escapeXml(identity)}</Identity>` +
  `${secret === undefined ? '' : `<SharedSecret>${escapeXml(secret)}</SharedSecret>`}</Credential>`;

const money = (cents: number) => `<Money currency="USD">${centsAsDecimal(cents)}</Money>`;

function itemIn(item: PunchOutItem): string {
  return (
    `<ItemIn quantity="${item.quantity}"><ItemID><SupplierPartID>${escapeXml(item.supplierPartId)}</SupplierPartID>` +
    `<SupplierPartAuxiliaryID>${escapeXml(item.supplierPartAuxiliaryId)}</SupplierPartAuxiliaryID></ItemID>` +
    `<ItemDetail><UnitPrice>${money(item.unitPriceCents)}</UnitPrice>` +
    `<Description xml:lang="en">${escapeXml(item.description)}</Description>` +
    `<UnitOfMeasure>${escapeXml(item.unitOfMeasure)}</UnitOfMeasure>` +
    (item.unspsc
      ? `<Classification domain="UNSPSC">${escapeXml(item.unspsc)}</Classification>`
      : '') +
    (item.leadTime === undefined ? '' : `<LeadTime>${item.leadTime}</LeadTime>`) +
    `</ItemDetail></ItemIn>`
  );
}

export interface OrderMessageInput {
  buyerCookie: string;
  /** the procurement system's credentials from the setup request: the message goes back From the shop To them */
  buyer: Credential[];
  shop: Credential;
  items: PunchOutItem[];
  /** edit, inspect or create: what the buyer may still do with the cart */
  operationAllowed?: 'create' | 'edit' | 'inspect';
}

/** The cart going back to the procurement system (posted by the browser as the form field `cxml-urlencoded`). */
export function punchOutOrderMessage(
  input: OrderMessageInput,
  domain: string,
  now = new Date(),
): string {
  const totalCents = input.items.reduce(
    (sum, item) => sum + item.unitPriceCents * item.quantity,
    0,
  );
  return cxml(
    `<Header><From>${credential(input.shop)}</From><To>${input.buyer.map((c) => credential(c)).join('')}</To>` +
      `<Sender>${credential(input.shop)}<UserAgent>Toolhaus</UserAgent></Sender></Header>` +
      `<Message><PunchOutOrderMessage><BuyerCookie>${escapeXml(input.buyerCookie)}</BuyerCookie>` +
      `<PunchOutOrderMessageHeader operationAllowed="${input.operationAllowed ?? 'edit'}">` +
      `<Total>${money(totalCents)}</Total></PunchOutOrderMessageHeader>` +
      `${input.items.map(itemIn).join('')}</PunchOutOrderMessage></Message>`,
    domain,
    now,
  );
}
