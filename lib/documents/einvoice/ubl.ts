import { EN16931_GUIDELINE } from '@/lib/documents/einvoice/cii';
import { hasRate, type EInvoice } from '@/lib/documents/einvoice/model';
import { amount, el, percent, toXml, type XmlNode } from '@/lib/documents/einvoice/xml';

// OASIS UBL 2.1 as EN 16931 binds it (XRechnung's and Peppol's other syntax): an Invoice, or a CreditNote. The same
// reading of the stored record as the CII writer (model.ts); elements follow UBL's sequence.

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const ROOT = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
};

const money = (name: string, invoice: EInvoice, cents: number) =>
  el(name, { currencyID: invoice.currency }, amount(cents));
const vatScheme = el('cac:TaxScheme', null, el('cbc:ID', null, 'VAT'));

function taxCategory(
  name: string,
  category: EInvoice['lines'][number]['category'],
  rate: number,
  exemption?: { code: string | null; reason: string | null },
) {
  return el(
    name,
    null,
    el('cbc:ID', null, category),
    hasRate(category) && el('cbc:Percent', null, percent(rate)),
    exemption?.code && el('cbc:TaxExemptionReasonCode', null, exemption.code),
    exemption?.reason && el('cbc:TaxExemptionReason', null, exemption.reason),
    vatScheme,
  );
}

function party(
  invoice: EInvoice,
  who: { name: string; email: string; address: string; country: string },
  tax: XmlNode[],
  legal: string | null,
  contact: { name: string; phone: string; email: string },
) {
  return el(
    'cac:Party',
    null,
    el('cbc:EndpointID', { schemeID: 'EM' }, who.email),
    el('cac:PartyName', null, el('cbc:Name', null, who.name)),
    el(
      'cac:PostalAddress',
      null,
      el('cbc:StreetName', null, who.address),
      el('cac:Country', null, el('cbc:IdentificationCode', null, who.country)),
    ),
    tax,
    el(
      'cac:PartyLegalEntity',
      null,
      el('cbc:RegistrationName', null, who.name),
      legal && el('cbc:CompanyID', null, legal),
    ),
    el(
      'cac:Contact',
      null,
      el('cbc:Name', null, contact.name),
      el('cbc:Telephone', null, contact.phone),
      el('cbc:ElectronicMail', null, contact.email),
    ),
  );
}

const taxRegistration = (id: string, scheme: string) =>
  el(
    'cac:PartyTaxScheme',
    null,
    el('cbc:CompanyID', null, id),
    el('cac:TaxScheme', null, el('cbc:ID', null, scheme)),
  );

function parties(invoice: EInvoice): XmlNode[] {
  const { seller, buyer } = invoice;
  // Not subject to VAT: neither party's VAT id may be stated (BR-O-2); the seller is named by its registration.
  const subjectToVat = invoice.breakdown.some((entry) => entry.category !== 'O');
  return [
    el(
      'cac:AccountingSupplierParty',
      null,
      party(
        invoice,
        {
          name: seller.name,
          email: seller.contact.email,
          address: seller.address,
          country: seller.country,
        },
        [
          ...(seller.vatId ? [taxRegistration(seller.vatId, 'VAT')] : []),
          taxRegistration(seller.taxId, 'TAX'),
        ],
        seller.vatId ? null : seller.taxId,
        seller.contact,
      ),
    ),
    el(
      'cac:AccountingCustomerParty',
      null,
      party(
        invoice,
        buyer,
        subjectToVat && buyer.vatId ? [taxRegistration(buyer.vatId, 'VAT')] : [],
        null,
        { name: buyer.contactName, phone: buyer.phone, email: buyer.email },
      ),
    ),
  ];
}

function paymentMeans(invoice: EInvoice): XmlNode {
  if (invoice.payment.kind === 'card')
    return el('cac:PaymentMeans', null, el('cbc:PaymentMeansCode', { name: 'Bank card' }, '48'));
  return el(
    'cac:PaymentMeans',
    null,
    el('cbc:PaymentMeansCode', { name: 'Credit transfer' }, '30'),
    el('cbc:PaymentID', null, invoice.number),
    el(
      'cac:PayeeFinancialAccount',
      null,
      el('cbc:ID', null, invoice.seller.iban),
      el('cbc:Name', null, invoice.seller.name),
      el('cac:FinancialInstitutionBranch', null, el('cbc:ID', null, invoice.seller.bic)),
    ),
  );
}

function line(invoice: EInvoice, item: EInvoice['lines'][number], credit: boolean): XmlNode {
  return el(
    credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine',
    null,
    el('cbc:ID', null, item.id),
    el(
      credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity',
      { unitCode: 'C62' },
      String(item.quantity),
    ),
    money('cbc:LineExtensionAmount', invoice, item.netCents),
    el(
      'cac:Item',
      null,
      el('cbc:Name', null, item.name),
      el('cac:SellersItemIdentification', null, el('cbc:ID', null, item.sku)),
      taxCategory('cac:ClassifiedTaxCategory', item.category, item.rateBasisPoints),
    ),
    el('cac:Price', null, money('cbc:PriceAmount', invoice, item.unitCents)),
  );
}

/** The e-invoice as UBL 2.1 XML (EN 16931): an Invoice, or a CreditNote for a credit note. */
export function toUbl(invoice: EInvoice): string {
  const credit = invoice.typeCode === '381';
  const { totals } = invoice;
  return toXml(
    el(
      credit ? 'CreditNote' : 'Invoice',
      { xmlns: credit ? ROOT.creditNote : ROOT.invoice, 'xmlns:cac': CAC, 'xmlns:cbc': CBC },
      el('cbc:CustomizationID', null, EN16931_GUIDELINE),
      el('cbc:ID', null, invoice.number),
      el('cbc:IssueDate', null, invoice.issuedOn),
      !credit && invoice.dueOn && el('cbc:DueDate', null, invoice.dueOn),
      el(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', null, invoice.typeCode),
      el('cbc:Note', null, invoice.note),
      el('cbc:DocumentCurrencyCode', null, invoice.currency),
      el('cbc:BuyerReference', null, invoice.buyerReference),
      invoice.purchaseOrder &&
        el('cac:OrderReference', null, el('cbc:ID', null, invoice.purchaseOrder)),
      invoice.precedingInvoice &&
        el(
          'cac:BillingReference',
          null,
          el(
            'cac:InvoiceDocumentReference',
            null,
            el('cbc:ID', null, invoice.precedingInvoice.number),
            invoice.precedingInvoice.issuedOn &&
              el('cbc:IssueDate', null, invoice.precedingInvoice.issuedOn),
          ),
        ),
      parties(invoice),
      paymentMeans(invoice),
      el('cac:PaymentTerms', null, el('cbc:Note', null, invoice.paymentTerms)),
      el(
        'cac:TaxTotal',
        null,
        money('cbc:TaxAmount', invoice, totals.taxCents),
        invoice.breakdown.map((entry) =>
          el(
            'cac:TaxSubtotal',
            null,
            money('cbc:TaxableAmount', invoice, entry.netCents),
            money('cbc:TaxAmount', invoice, entry.taxCents),
            taxCategory('cac:TaxCategory', entry.category, entry.rateBasisPoints, {
              code: entry.exemptionCode,
              reason: entry.exemptionReason,
            }),
          ),
        ),
      ),
      el(
        'cac:LegalMonetaryTotal',
        null,
        money('cbc:LineExtensionAmount', invoice, totals.netCents),
        money('cbc:TaxExclusiveAmount', invoice, totals.netCents),
        money('cbc:TaxInclusiveAmount', invoice, totals.grossCents),
        money('cbc:PrepaidAmount', invoice, totals.prepaidCents),
        money('cbc:PayableAmount', invoice, totals.dueCents),
      ),
      invoice.lines.map((item) => line(invoice, item, credit)),
    ),
  );
}
