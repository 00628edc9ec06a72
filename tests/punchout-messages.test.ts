import { describe, expect, it } from 'vitest';
import { punchOutOrderMessage, punchOutSetupResponse, cxmlResponse } from '@/lib/punchout/messages';
import { ociFields } from '@/lib/punchout/oci';
import { parseOrderRequest } from '@/lib/punchout/order-request';
import { parseSetupRequest } from '@/lib/punchout/setup-request';
import { CxmlError } from '@/lib/punchout/status';
import { parseXml } from '@/lib/punchout/xml';

// Samples shaped like the cXML 1.2 reference's and what Ariba and Coupa send.

const DOCTYPE = '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">';

const header = `<Header>
    <From><Credential domain="NetworkID"><Identity>AN01000000087</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>114315195</Identity></Credential></To>
    <Sender>
      <Credential domain="NetworkID"><Identity>AN01000000087</Identity><SharedSecret>s3cr&amp;t</SharedSecret></Credential>
      <UserAgent>Ariba Buyer 9r2</UserAgent>
    </Sender>
  </Header>`;

const setupRequest = (
  operation = 'create',
  url = 'https://buyer.example/punchout/return?id=7&amp;x=1',
) => `<?xml version="1.0" encoding="UTF-8"?>
${DOCTYPE}
<cXML payloadID="1233444-2001@ariba.acme.com" timestamp="2026-11-28T10:15:00-08:00" xml:lang="en-US">
  ${header}
  <Request deploymentMode="test">
    <PunchOutSetupRequest operation="${operation}">
      <BuyerCookie>34234234ADFSDF234234</BuyerCookie>
      <Extrinsic name="UserEmail">jane.buyer@acme.example</Extrinsic>
      <Extrinsic name="CostCenter">610</Extrinsic>
      <BrowserFormPost><URL>${url}</URL></BrowserFormPost>
      <Contact role="endUser"><Name xml:lang="en">Jane Buyer</Name><Email>jane.buyer@acme.example</Email></Contact>
      <SupplierSetup><URL>https://shop.example/punchout/cxml</URL></SupplierSetup>
    </PunchOutSetupRequest>
  </Request>
</cXML>`;

const address = (id: string, name: string) => `<Address addressID="${id}">
  <Name xml:lang="en">${name}</Name>
  <PostalAddress name="default">
    <DeliverTo>Jane Buyer</DeliverTo><DeliverTo>Receiving dock 4</DeliverTo>
    <Street>1 Industrial Way</Street><Street>Building C</Street>
    <City>Springfield</City><State>IL</State><PostalCode>62701</PostalCode>
    <Country isoCountryCode="US">United States</Country>
  </PostalAddress>
  <Email>ap@acme.example</Email>
</Address>`;

const orderRequest = (items: string) => `<?xml version="1.0" encoding="UTF-8"?>
${DOCTYPE}
<cXML payloadID="PO-4500012345-1@coupa.acme.com" timestamp="2026-11-28T11:00:00+00:00">
  ${header}
  <Request deploymentMode="production">
    <OrderRequest>
      <OrderRequestHeader orderID="4500012345" orderDate="2026-11-28T10:59:00+00:00" type="new">
        <Total><Money currency="USD">287.50</Money></Total>
        <ShipTo>${address('SHIP-1', 'Acme Plant 2')}</ShipTo>
        <BillTo>${address('BILL-1', 'Acme Corp AP')}</BillTo>
        <Comments xml:lang="en">Deliver before noon</Comments>
      </OrderRequestHeader>
      ${items}
    </OrderRequest>
  </Request>
</cXML>`;

const item = (
  quantity: string,
  sku: string,
  price: string,
  currency = 'USD',
) => `<ItemOut quantity="${quantity}" lineNumber="1">
  <ItemID><SupplierPartID>${sku}</SupplierPartID><SupplierPartAuxiliaryID>req-7f3a:1</SupplierPartAuxiliaryID></ItemID>
  <ItemDetail>
    <UnitPrice><Money currency="${currency}">${price}</Money></UnitPrice>
    <Description xml:lang="en">Torque wrench &lt;1/2"&gt;</Description>
    <UnitOfMeasure>C62</UnitOfMeasure>
    <Classification domain="UNSPSC">27111602</Classification>
  </ItemDetail>
</ItemOut>`;

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof CxmlError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};

describe('PunchOutSetupRequest', () => {
  it('reads credentials, secret, cookie, return URL, operation and extrinsics', () => {
    const request = parseSetupRequest(setupRequest());
    expect(request).toMatchObject({
      payloadId: '1233444-2001@ariba.acme.com',
      operation: 'create',
      buyerCookie: '34234234ADFSDF234234',
      browserFormPost: 'https://buyer.example/punchout/return?id=7&x=1',
      from: [{ domain: 'NetworkID', identity: 'AN01000000087' }],
      to: [{ domain: 'DUNS', identity: '114315195' }],
      sender: [{ domain: 'NetworkID', identity: 'AN01000000087' }],
      sharedSecret: 's3cr&t',
      userAgent: 'Ariba Buyer 9r2',
      extrinsics: { UserEmail: 'jane.buyer@acme.example', CostCenter: '610' },
      contact: { name: 'Jane Buyer', email: 'jane.buyer@acme.example' },
    });
  });

  it('refuses an unknown operation, a return URL that is not http(s), a missing secret', () => {
    expect(refusal(() => parseSetupRequest(setupRequest('delete'))).code).toBe(400);
    expect(
      refusal(() => parseSetupRequest(setupRequest('create', 'javascript:alert(1)'))).code,
    ).toBe(400);
    const noSecret = setupRequest().replace('<SharedSecret>s3cr&amp;t</SharedSecret>', '');
    expect(refusal(() => parseSetupRequest(noSecret)).code).toBe(401);
  });

  it('refuses XXE, billion laughs and any other DTD, and malformed XML, as a 400', () => {
    const xxe = setupRequest()
      .replace(DOCTYPE, '<!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>')
      .replace('34234234ADFSDF234234', '&xxe;');
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]><cXML>&lol2;</cXML>`;
    const remoteDtd = setupRequest().replace(
      DOCTYPE,
      '<!DOCTYPE cXML SYSTEM "http://evil.example/x.dtd">',
    );
    for (const hostile of [xxe, laughs, remoteDtd])
      expect(refusal(() => parseSetupRequest(hostile))).toEqual({
        code: 400,
        message: expect.stringContaining('Document type declarations are not accepted'),
      });
    expect(refusal(() => parseSetupRequest('<cXML><Header>')).code).toBe(400);
    expect(refusal(() => parseXml('<a>&unknown;</a>')).message).toBe('Unknown entity &unknown;');
  });
});

describe('OrderRequest', () => {
  it('reads the PO number, date, addresses and lines with their requisition reference', () => {
    const order = parseOrderRequest(orderRequest(item('23', 'WR-1012', '12.50')));
    expect(order).toMatchObject({
      payloadId: 'PO-4500012345-1@coupa.acme.com',
      orderId: '4500012345',
      type: 'new',
      totalCents: 28750,
      shipTo: {
        addressId: 'SHIP-1',
        name: 'Acme Plant 2',
        street: ['1 Industrial Way', 'Building C'],
        city: 'Springfield',
        state: 'IL',
        postalCode: '62701',
        country: 'US',
      },
      billTo: { addressId: 'BILL-1', email: 'ap@acme.example' },
      lines: [
        {
          lineNumber: 1,
          quantity: 23,
          supplierPartId: 'WR-1012',
          supplierPartAuxiliaryId: 'req-7f3a:1',
          unitPriceCents: 1250,
          currency: 'USD',
          unitOfMeasure: 'C62',
          description: 'Torque wrench <1/2">',
        },
      ],
    });
  });

  it('refuses fractional or zero quantities, a price that is not an amount, another currency, no lines', () => {
    for (const bad of [
      item('2.5', 'WR-1', '1.00'),
      item('0', 'WR-1', '1.00'),
      item('1', 'WR-1', '1,00'),
      item('1', 'WR-1', '1.00', 'EUR'),
      '',
    ])
      expect(refusal(() => parseOrderRequest(orderRequest(bad))).code).toBe(400);
  });
});

describe('what the shop writes', () => {
  const items = [
    {
      quantity: 10,
      supplierPartId: 'WR-1012',
      supplierPartAuxiliaryId: 'req-1:1',
      unitPriceCents: 1250,
      description: 'Torque wrench & case',
      unitOfMeasure: 'C62',
      unspsc: '27111602',
      leadTime: 3,
    },
    {
      quantity: 2,
      supplierPartId: 'HK-9',
      supplierPartAuxiliaryId: 'req-1:2',
      unitPriceCents: 1999,
      description: 'Hex key set',
      unitOfMeasure: 'SET',
      unspsc: null,
    },
  ];

  it('a PunchOutOrderMessage the shop itself reads back: cookie, total, items with UNSPSC and unit', () => {
    const xml = punchOutOrderMessage(
      {
        buyerCookie: 'C<1>',
        buyer: [{ domain: 'NetworkID', identity: 'AN01000000087' }],
        shop: { domain: 'DUNS', identity: '114315195' },
        items,
      },
      'shop.example',
    );
    expect(xml).toContain(DOCTYPE);
    const message = parseXml(xml) as never as {
      cXML: {
        Message: {
          PunchOutOrderMessage: {
            BuyerCookie: string;
            PunchOutOrderMessageHeader: { Total: { Money: { '#text': string } } };
            ItemIn: Array<{ '@quantity': string; ItemDetail: Record<string, unknown> }>;
          };
        };
      };
    };
    const sent = message.cXML.Message.PunchOutOrderMessage;
    expect(sent.BuyerCookie).toBe('C<1>');
    expect(sent.PunchOutOrderMessageHeader.Total.Money['#text']).toBe('164.98');
    expect(sent.ItemIn.map((line) => line['@quantity'])).toEqual(['10', '2']);
    expect(sent.ItemIn[0]!.ItemDetail).toMatchObject({
      UnitPrice: { Money: { '#text': '12.50', '@currency': 'USD' } },
      Description: { '#text': 'Torque wrench & case' },
      UnitOfMeasure: 'C62',
      Classification: { '#text': '27111602', '@domain': 'UNSPSC' },
    });
    expect(sent.ItemIn[1]!.ItemDetail.Classification).toBeUndefined();
  });

  it('a PunchOutSetupResponse with the StartPage, and a Response with a status', () => {
    const setup = parseXml(
      punchOutSetupResponse('https://shop.example/punchout/start?t=a&b', 'shop.example'),
    );
    expect(JSON.stringify(setup)).toContain('"URL":"https://shop.example/punchout/start?t=a&b"');
    expect(JSON.stringify(setup)).toContain('"@code":"200"');
    const refused = cxmlResponse(401, 'SharedSecret does not match', 'shop.example');
    expect(refused).toContain(
      '<Status code="401" text="Unauthorized">SharedSecret does not match</Status>',
    );
  });

  it('the OCI 4.0 fields, numbered from 1, cut to OCI lengths', () => {
    const fields = new Map(ociFields([{ ...items[0]!, description: 'x'.repeat(60) }, items[1]!]));
    expect(fields.get('NEW_ITEM-DESCRIPTION[1]')).toHaveLength(40);
    expect(fields.get('NEW_ITEM-QUANTITY[1]')).toBe('10');
    expect(fields.get('NEW_ITEM-PRICE[1]')).toBe('12.50');
    expect(fields.get('NEW_ITEM-CURRENCY[2]')).toBe('USD');
    expect(fields.get('NEW_ITEM-UNIT[2]')).toBe('SET');
    expect(fields.get('NEW_ITEM-VENDORMAT[2]')).toBe('HK-9');
    expect(fields.get('NEW_ITEM-MATGROUP[1]')).toBe('27111602');
    expect(fields.get('NEW_ITEM-LEADTIME[1]')).toBe('3');
    expect(fields.has('NEW_ITEM-QUANTITY[0]')).toBe(false);
  });
});
