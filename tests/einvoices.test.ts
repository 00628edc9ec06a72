// E-invoices through the routes: every kind of document the shop issues, as CII, UBL and the Factur-X PDF's own
// XML, run through the official EN 16931 rules (tests/einvoice-validate.ts); their totals are the invoice record's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as companyRoute from '@/app/api/user/company/route';
import * as termsRoute from '@/app/api/user/terms/[id]/route';
import * as paymentsRoute from '@/app/api/invoices/[number]/payments/route';
import * as invoiceRoute from '@/app/api/invoices/[number]/route';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as oneCheckout from '@/app/api/checkout/[id]/route';
import * as cartRoute from '@/app/api/cart/route';
import * as oneTool from '@/app/api/tools/[id]/route';
import * as acceptRoute from '@/app/api/quotes/[id]/accept/route';
import * as oneQuote from '@/app/api/quotes/[id]/route';
import * as quotesRoute from '@/app/api/quotes/route';
import { getDb } from '@/lib/db/client';
import { companies, invoices, mailOutbox, tools, users, type Invoice } from '@/lib/db/schema';
import type { InvoiceDocument } from '@/lib/documents/invoice-document';
import { attachmentsOf } from '@/lib/mail/attachments';
import { renderMail } from '@/lib/mail/render';
import type { CartDto, CheckoutDto, QuoteDto } from '@/lib/types';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';
import { validateEInvoice } from './einvoice-validate';
import { checkout, invoiceOfCheckout, payCheckout, setLine } from './invoice-steps';
import { memberCompany } from './companies-fixtures';

let admin: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  admin = await makeUser('admin');
  stranger = await makeUser('customer');
});

/** A German seller registered for VAT at 19 % and 7 %: the demo seller charges none (tested last). */
function germanSeller() {
  vi.stubEnv('SELLER_NAME', 'Toolhaus GmbH');
  vi.stubEnv('SELLER_ADDRESS', 'Werkstr. 1, 10115 Berlin');
  vi.stubEnv('SELLER_COUNTRY', 'DE');
  vi.stubEnv('SELLER_VAT_ID', 'DE123456789');
  vi.stubEnv('SELLER_TAX_ID', '27/123/45678');
  vi.stubEnv('SELLER_IBAN', 'DE02120300000000202051');
  vi.stubEnv('SELLER_BIC', 'BYLADEM1001');
  vi.stubEnv('TAX_RATE_PERCENT', '19');
  vi.stubEnv('TAX_REDUCED_RATE_PERCENT', '7');
}
afterEach(() => {
  vi.unstubAllEnvs();
});

const putCompany = (user: TestUser, body: Record<string, unknown>) =>
  call<ErrorBody>(companyRoute.PUT, { method: 'PUT', body, token: user.token });

async function buyerIn(country: string | null, taxId: string | null, extra = {}) {
  const user = await makeUser('customer', 'Zoë Müller');
  const company = {
    companyName: 'Acme & Söhne <Werkzeug> GmbH',
    taxId,
    billingAddress: 'Straße 5, Ort',
    country,
    ...extra,
  };
  expect((await putCompany(user, company)).status).toBe(200);
  return user;
}

const fetchFile = (user: TestUser | null, name: string, query = '') =>
  call<string & ErrorBody>(invoiceRoute.GET, {
    path: `/api/invoices/${name}${query}`,
    params: { number: name },
    ...(user && { token: user.token }),
  });

async function fetchPdfBytes(user: TestUser, number: string) {
  const response = await invoiceRoute.GET(
    new Request(`http://localhost/api/invoices/${number}.pdf`, {
      headers: { authorization: `Bearer ${user.token}` },
    }),
    { params: Promise.resolve({ number: `${number}.pdf` }) },
  );
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The files a PDF carries, by name, as poppler's pdfdetach lists and saves them. */
function attachmentsOfPdf(pdf: Buffer): Map<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'facturx-'));
  try {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const listed = execFileSync('pdfdetach', ['-list', path.join(dir, 'in.pdf')]).toString();
    execFileSync('pdfdetach', ['-saveall', '-o', dir, path.join(dir, 'in.pdf')]);
    const names = [...listed.matchAll(/^\d+: (.+)$/gm)].map((match) => match[1]!);
    return new Map(names.map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const cents = (xml: string, element: string) => {
  const match = new RegExp(`<${element}[^>]*>([-\\d.]+)</${element}>`).exec(xml);
  return match ? Math.round(Number(match[1]) * 100) : null;
};

/**
 * The three files of an issued document: each validates with zero fatal rules, the PDF is PDF/A-3 carrying
 * factur-x.xml (the same bytes as the .xml), and the XML's totals are the record's.
 */
async function expectValidEInvoice(user: TestUser, invoice: Invoice) {
  const doc = invoice.document as InvoiceDocument;
  const cii = await fetchFile(user, `${invoice.number}.xml`);
  expect(cii.status).toBe(200);
  expect(cii.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  const ubl = await fetchFile(user, `${invoice.number}.xml`, '?syntax=ubl');
  expect(ubl.status).toBe(200);
  const pdf = await fetchPdfBytes(user, invoice.number);
  const embedded = attachmentsOfPdf(pdf);
  expect([...embedded.keys()]).toEqual(['factur-x.xml']);
  expect(embedded.get('factur-x.xml')).toBe(cii.body);
  const raw = pdf.toString('latin1');
  expect(raw).toContain('/AFRelationship /Data');
  expect(raw).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
  expect(raw).toMatch(/<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/);
  expect(raw).toContain('/OutputIntents');
  const fonts = execFileSync('pdffonts', ['-'], { input: pdf }).toString();
  expect(
    fonts
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .every((line) => / yes yes /.test(line)),
  ).toBe(true);
  // The XML taken back out of the PDF is the one validated (the same bytes as the .xml, asserted above).
  for (const xml of [embedded.get('factur-x.xml')!, ubl.body]) {
    const { status, report } = validateEInvoice(xml);
    expect(status, report).toBe(0);
  }
  // BR-CO-10 to BR-CO-16 hold in the validator; here the amounts are the record's, which is what was charged.
  expect(cents(cii.body, 'ram:LineTotalAmount')).not.toBeNull();
  expect(cents(cii.body, 'ram:TaxBasisTotalAmount')).toBe(doc.subtotalCents);
  expect(cents(cii.body, 'ram:TaxTotalAmount')).toBe(doc.taxCents);
  expect(cents(cii.body, 'ram:GrandTotalAmount')).toBe(invoice.totalCents);
  expect(cents(ubl.body, 'cbc:TaxInclusiveAmount')).toBe(invoice.totalCents);
  expect(doc.subtotalCents + doc.taxCents).toBe(invoice.totalCents);
  return { cii: cii.body, ubl: ubl.body, pdf };
}

async function paidByCard(user: TestUser, lines: [string, number][], body = {}) {
  for (const [toolId, quantity] of lines)
    expect((await setLine(user, toolId, quantity)).status).toBe(200);
  const placed = await checkout(user, body);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  await payCheckout(user, placed.body.checkoutId);
  return { ...placed.body, invoice: await invoiceOfCheckout(placed.body.checkoutId) };
}

describe('tax by where the buyer is, charged and invoiced', () => {
  it('domestic, several rates: net + 19 % and 7 % per line, rounded half up, is what the card is charged', async () => {
    germanSeller();
    const buyer = await buyerIn('DE', 'DE987654321', { buyerReference: '04011000-12345-03' });
    const standard = await makeTool({ priceCents: 1999, quantity: 1000, minQuantity: 1 });
    const reduced = await makeTool({ priceCents: 333, quantity: 1000, minQuantity: 1 });
    // The admin marks it reduced-rate on the product form's API.
    const edited = await call<ErrorBody>(oneTool.PUT, {
      method: 'PUT',
      params: { id: reduced.id },
      body: {
        name: reduced.name,
        about: reduced.about,
        price: 3.33,
        quantity: 1000,
        min_quantity: 1,
        image: reduced.image,
        taxRate: 'reduced',
      },
      token: admin.token,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const bad = await call<ErrorBody>(oneTool.PUT, {
      method: 'PUT',
      params: { id: reduced.id },
      body: { ...reduced, price: 3.33, min_quantity: 1, taxRate: 'zero' },
      token: admin.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.taxRate).toBe('Tax rate must be standard or reduced');
    await setLine(buyer, standard.id, 3);
    await setLine(buyer, reduced.id, 7);
    const cart = await call<CartDto>(cartRoute.GET, { token: buyer.token });
    // 59.97 × 19 % = 11.3943 → 11.39; 23.31 × 7 % = 1.6317 → 1.63
    expect(cart.body.tax).toEqual({
      net: 83.28,
      taxes: [
        { category: 'S', ratePercent: 19, net: 59.97, tax: 11.39 },
        { category: 'S', ratePercent: 7, net: 23.31, tax: 1.63 },
      ],
      tax: 13.02,
      gross: 96.3,
      note: null,
    });
    const { invoice, checkoutId } = await paidByCard(buyer, [], { poNumber: 'PO-DE-1' });
    expect(invoice.totalCents).toBe(9630);
    for (const kind of ['checkout_placed', 'checkout_paid'] as const) {
      const [mail] = await getDb()
        .select()
        .from(mailOutbox)
        .where(
          sql`${mailOutbox.kind} = ${kind} AND ${mailOutbox.data}->>'checkoutId' = ${checkoutId}`,
        );
      expect(mail!.data).toMatchObject({ totalCents: 9630, taxCents: 1302 });
      const { text } = await renderMail(kind, mail!.data);
      expect(text).toMatch(/VAT\s+\$13\.02/);
    }
    const placed = await call<CheckoutDto>(oneCheckout.GET, {
      params: { id: checkoutId },
      token: buyer.token,
    });
    expect(placed.body).toMatchObject({ total: 96.3, tax: cart.body.tax, amountDue: 0 });
    const { cii, ubl } = await expectValidEInvoice(buyer, invoice);
    expect(cii).toContain('<ram:BuyerReference>04011000-12345-03</ram:BuyerReference>');
    expect(cii).toContain('<ram:TypeCode>48</ram:TypeCode>');
    expect(cii).toContain('Acme &amp; Söhne &lt;Werkzeug&gt; GmbH');
    expect(ubl).toContain('<cbc:BuyerReference>04011000-12345-03</cbc:BuyerReference>');
  }, 120_000);

  it('reverse charge to an EU business on terms, part-paid, then credited: invoice and credit note', async () => {
    germanSeller();
    const buyer = await buyerIn('FR', 'FR40303265045');
    expect(
      (
        await call(termsRoute.PUT, {
          method: 'PUT',
          params: { id: buyer.id },
          body: { netDays: 30, creditLimit: 5000 },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    const tool = await makeTool({ priceCents: 1000, quantity: 1000, minQuantity: 1 });
    await setLine(buyer, tool.id, 12);
    const placed = await checkout(buyer, { paymentMethod: 'invoice', poNumber: 'PO-FR-9' });
    expect(placed.status).toBe(201);
    const invoice = await invoiceOfCheckout(placed.body.checkoutId);
    expect(invoice.totalCents).toBe(12_000);
    const part = await call(paymentsRoute.POST, {
      method: 'POST',
      params: { number: invoice.number },
      body: { amount: 50, date: new Date().toISOString().slice(0, 10), reference: 'SEPA-1' },
      token: admin.token,
    });
    expect(part.status).toBe(201);
    const { cii } = await expectValidEInvoice(buyer, invoice);
    expect(cii).toContain('<ram:CategoryCode>AE</ram:CategoryCode>');
    expect(cii).toContain('Reverse charge – VAT to be accounted for by the recipient');
    expect(cii).toContain('<ram:IBANID>DE02120300000000202051</ram:IBANID>');
    expect(cii).toMatch(/<ram:DueDateDateTime>/);
    expect(cii).toContain('<ram:BuyerReference>PO-FR-9</ram:BuyerReference>');

    expect(
      (
        await call(orderByKey.DELETE, {
          method: 'DELETE',
          params: { key: placed.body.orderIds[0]! },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    const [note] = await getDb()
      .select()
      .from(invoices)
      .where(eq(invoices.creditsInvoiceId, invoice.id));
    const credit = await expectValidEInvoice(buyer, note!);
    expect(credit.cii).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(credit.cii).toContain(`<ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>`);
    expect(credit.ubl).toContain('<CreditNote');
    expect(credit.ubl).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
  }, 120_000);

  it("a quote's invoice: the agreed prices, taxed as the cart is, and the mail attaches the Factur-X PDF", async () => {
    germanSeller();
    const buyer = await buyerIn('DE', 'DE987654321');
    await getDb()
      .update(users)
      .set({ address: '1 Quote Street', phone: '+49 30 5' })
      .where(eq(users.id, buyer.id));
    const tool = await makeTool({ priceCents: 1000, quantity: 100_000, minQuantity: 10 });
    const asked = await call<{ quoteId: string }>(quotesRoute.POST, {
      method: 'POST',
      body: { lines: [{ toolId: tool.id, quantity: 500 }], message: 'For the spring' },
      token: buyer.token,
    });
    expect(asked.status).toBe(201);
    const id = asked.body.quoteId;
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const answered = await call(oneQuote.PUT, {
      method: 'PUT',
      params: { id },
      body: {
        lines: [{ toolId: tool.id, unitPrice: 7.35 }],
        leadTimeDays: 21,
        validUntil: inAWeek,
      },
      token: admin.token,
    });
    expect(answered.status).toBe(200);
    const quote = await call<QuoteDto>(oneQuote.GET, { params: { id }, token: buyer.token });
    // 3,675.00 × 19 % = 698.25
    expect(quote.body.tax).toMatchObject({ net: 3675, tax: 698.25, gross: 4373.25 });
    const accepted = await call<{ checkoutId: string }>(acceptRoute.POST, {
      method: 'POST',
      params: { id },
      body: { poNumber: 'PO-Q-1' },
      token: buyer.token,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    await payCheckout(buyer, accepted.body.checkoutId);
    const invoice = await invoiceOfCheckout(accepted.body.checkoutId);
    expect(invoice.totalCents).toBe(437_325);
    const { pdf } = await expectValidEInvoice(buyer, invoice);
    const [mail] = await getDb()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, buyer.email))
      .then((rows) => rows.filter((row) => row.data.invoiceNumber === invoice.number));
    const [attachment] = await attachmentsOf(getDb(), mail!.data);
    expect(attachment!.content.equals(pdf)).toBe(true);
    expect([...attachmentsOfPdf(attachment!.content).keys()]).toEqual(['factur-x.xml']);
  }, 120_000);

  it('export outside the EU at 0 %, 100 lines', async () => {
    germanSeller();
    const buyer = await buyerIn('US', null);
    const many = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        makeTool({ priceCents: 101 + index, quantity: 100, minQuantity: 1 }),
      ),
    );
    const { invoice } = await paidByCard(
      buyer,
      many.map((tool) => [tool.id, 3]),
    );
    expect((invoice.document as InvoiceDocument).lines).toHaveLength(100);
    expect(invoice.totalCents).toBe(many.reduce((sum, tool) => sum + tool.priceCents * 3, 0));
    const { cii } = await expectValidEInvoice(buyer, invoice);
    expect(cii).toContain('<ram:CategoryCode>G</ram:CategoryCode>');
  }, 180_000);

  it('one line at home without a company country: the standard rate', async () => {
    germanSeller();
    const buyer = await makeUser('customer', 'Olga Ohne');
    const tool = await makeTool({ priceCents: 5, quantity: 100, minQuantity: 1 });
    const { invoice } = await paidByCard(buyer, [[tool.id, 1]]);
    // 0.05 × 19 % = 0.0095 → 0.01
    expect(invoice.totalCents).toBe(6);
    await expectValidEInvoice(buyer, invoice);
  }, 60_000);

  it('the demo seller keeps its figures: not subject to VAT, and the XML never changes', async () => {
    const buyer = await buyerIn('DE', 'DE987654321');
    const tool = await makeTool({ priceCents: 1250, quantity: 100, minQuantity: 1 });
    const { invoice } = await paidByCard(buyer, [[tool.id, 20]]);
    expect(invoice.totalCents).toBe(25_000);
    const first = await expectValidEInvoice(buyer, invoice);
    expect(first.cii).toContain('<ram:CategoryCode>O</ram:CategoryCode>');
    expect(first.cii).not.toContain('schemeID="VA"');
    // Later edits of the catalogue, the company and the seller leave the issued e-invoice as it was.
    await getDb()
      .update(tools)
      .set({ name: 'Renamed', priceCents: 1 })
      .where(eq(tools.id, tool.id));
    await getDb()
      .update(companies)
      .set({ name: 'Renamed' })
      .where(eq(companies.id, (await memberCompany(buyer.id))!.id));
    germanSeller();
    expect((await fetchFile(buyer, `${invoice.number}.xml`)).body).toBe(first.cii);
    expect((await fetchFile(buyer, `${invoice.number}.xml`, '?syntax=ubl')).body).toBe(first.ubl);
    expect((await fetchPdfBytes(buyer, invoice.number)).equals(first.pdf)).toBe(true);
  }, 60_000);
});

describe('who may read an e-invoice', () => {
  it('the buyer and an admin; another customer 404, signed out 401, a bad syntax 400', async () => {
    const buyer = await makeUser();
    const tool = await makeTool({ quantity: 100, minQuantity: 1 });
    const { invoice } = await paidByCard(buyer, [[tool.id, 2]]);
    const name = `${invoice.number}.xml`;
    expect((await fetchFile(admin, name)).status).toBe(200);
    expect((await fetchFile(admin, name, '?syntax=ubl')).status).toBe(200);
    for (const query of ['', '?syntax=ubl']) {
      const refused = await fetchFile(stranger, name, query);
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toBe('Invoice not found');
    }
    expect((await fetchFile(stranger, `${invoice.number}.pdf`)).status).toBe(404);
    expect((await fetchFile(null, name)).status).toBe(401);
    expect((await fetchFile(buyer, 'INV-1999-999999.xml')).status).toBe(404);
    const bad = await fetchFile(buyer, name, '?syntax=pdf');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Syntax must be cii or ubl');
  }, 60_000);
});
