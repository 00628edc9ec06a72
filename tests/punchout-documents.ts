// What a procurement system sends, as Ariba and Coupa shape it: shared by the integration tests and the journey's
// stand-in (e2e/punchout.spec.ts).

export interface ProcurementSystem {
  domain: string;
  identity: string;
  secret: string;
}

const header = (system: ProcurementSystem) => `<Header>
    <From><Credential domain="${system.domain}"><Identity>${system.identity}</Identity></Credential></From>
    <To><Credential domain="DomainName"><Identity>toolhaus.example</Identity></Credential></To>
    <Sender>
      <Credential domain="${system.domain}"><Identity>${system.identity}</Identity><SharedSecret>${system.secret}</SharedSecret></Credential>
      <UserAgent>Procurement stand-in</UserAgent>
    </Sender>
  </Header>`;

const DOCTYPE = '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">';

export const setupRequestXml = (
  system: ProcurementSystem,
  browserFormPost: string,
  options: { operation?: string; buyerCookie?: string; items?: string } = {},
) => `<?xml version="1.0" encoding="UTF-8"?>
${DOCTYPE}
<cXML payloadID="${Date.now()}.${Math.random()}@procurement.example" timestamp="${new Date().toISOString()}">
  ${header(system)}
  <Request>
    <PunchOutSetupRequest operation="${options.operation ?? 'create'}">
      <BuyerCookie>${options.buyerCookie ?? 'cookie-1'}</BuyerCookie>
      <Extrinsic name="UserEmail">jane.buyer@acme.example</Extrinsic>
      <BrowserFormPost><URL>${browserFormPost}</URL></BrowserFormPost>
      ${options.items ?? ''}
    </PunchOutSetupRequest>
  </Request>
</cXML>`;

export interface OrderLine {
  sku: string;
  requisition: string;
  quantity: number;
  /** "12.50" */
  unitPrice: string;
}

const address = (name: string) => `<Address addressID="${name}">
  <Name xml:lang="en">${name}</Name>
  <PostalAddress><DeliverTo>Receiving dock 4</DeliverTo><Street>1 Industrial Way</Street>
    <City>Springfield</City><State>IL</State><PostalCode>62701</PostalCode>
    <Country isoCountryCode="US">United States</Country></PostalAddress>
</Address>`;

export const orderRequestXml = (
  system: ProcurementSystem,
  order: { payloadId: string; poNumber: string; lines: OrderLine[]; type?: string },
) => `<?xml version="1.0" encoding="UTF-8"?>
${DOCTYPE}
<cXML payloadID="${order.payloadId}" timestamp="${new Date().toISOString()}">
  ${header(system)}
  <Request>
    <OrderRequest>
      <OrderRequestHeader orderID="${order.poNumber}" orderDate="${new Date().toISOString()}" type="${order.type ?? 'new'}">
        <ShipTo>${address('Acme Plant 2')}</ShipTo>
        <BillTo>${address('Acme Corp AP')}</BillTo>
      </OrderRequestHeader>
      ${order.lines
        .map(
          (line, index) => `<ItemOut quantity="${line.quantity}" lineNumber="${index + 1}">
        <ItemID><SupplierPartID>${line.sku}</SupplierPartID><SupplierPartAuxiliaryID>${line.requisition}</SupplierPartAuxiliaryID></ItemID>
        <ItemDetail><UnitPrice><Money currency="USD">${line.unitPrice}</Money></UnitPrice>
          <Description xml:lang="en">Tool</Description><UnitOfMeasure>C62</UnitOfMeasure></ItemDetail>
      </ItemOut>`,
        )
        .join('\n')}
    </OrderRequest>
  </Request>
</cXML>`;

/** The Status code and text of a cXML answer. */
export function statusOf(xml: string): { code: number; text: string } {
  const match = /<Status code="(\d+)" text="[^"]*">([^<]*)<\/Status>/.exec(xml);
  const entities: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
  const text = (match?.[2] ?? '').replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, name: string) => entities[name]!,
  );
  return { code: Number(match?.[1]), text };
}

/** The StartPage URL of a PunchOutSetupResponse. */
export const startPageOf = (xml: string) =>
  /<StartPage><URL>([^<]+)<\/URL><\/StartPage>/.exec(xml)?.[1]?.replace(/&amp;/g, '&') ?? '';
