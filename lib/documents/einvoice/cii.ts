import { hasRate, type EInvoice } from '@/lib/documents/einvoice/model';
import { amount, el, percent, toXml, type XmlNode } from '@/lib/documents/einvoice/xml';

// UN/CEFACT Cross Industry Invoice D16B as EN 16931 profiles it: the XML inside a Factur-X PDF (factur-x.xml) and
// XRechnung's CII syntax. Elements follow the schema's sequence; the BT numbers name the standard's business terms.

const NAMESPACES = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/** Factur-X / ZUGFeRD profile EN 16931 ("COMFORT") and XRechnung-CII both name the core standard here (BT-24). */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

const day = (isoDay: string) => isoDay.replaceAll('-', '');
const dateTime = (name: string, isoDay: string) =>
  el(name, null, el('udt:DateTimeString', { format: '102' }, day(isoDay)));
const text = (name: string, value: string | null | undefined) => value && el(name, null, value);

function tax(
  invoice: EInvoice,
  entry: EInvoice['breakdown'][number] | null,
  line?: EInvoice['lines'][number],
) {
  const category = entry?.category ?? line!.category;
  const rate = entry?.rateBasisPoints ?? line!.rateBasisPoints;
  return el(
    'ram:ApplicableTradeTax',
    null,
    entry && el('ram:CalculatedAmount', null, amount(entry.taxCents)),
    el('ram:TypeCode', null, 'VAT'),
    entry && text('ram:ExemptionReason', entry.exemptionReason),
    entry && el('ram:BasisAmount', null, amount(entry.netCents)),
    el('ram:CategoryCode', null, category),
    entry && text('ram:ExemptionReasonCode', entry.exemptionCode),
    hasRate(category) && el('ram:RateApplicablePercent', null, percent(rate)),
  );
}

function lineItem(invoice: EInvoice, line: EInvoice['lines'][number]): XmlNode {
  return el(
    'ram:IncludedSupplyChainTradeLineItem',
    null,
    el('ram:AssociatedDocumentLineDocument', null, el('ram:LineID', null, line.id)),
    el(
      'ram:SpecifiedTradeProduct',
      null,
      el('ram:SellerAssignedID', null, line.sku),
      el('ram:Name', null, line.name),
    ),
    el(
      'ram:SpecifiedLineTradeAgreement',
      null,
      el(
        'ram:NetPriceProductTradePrice',
        null,
        el('ram:ChargeAmount', null, amount(line.unitCents)),
      ),
    ),
    el(
      'ram:SpecifiedLineTradeDelivery',
      null,
      el('ram:BilledQuantity', { unitCode: 'C62' }, String(line.quantity)),
    ),
    el(
      'ram:SpecifiedLineTradeSettlement',
      null,
      tax(invoice, null, line),
      el(
        'ram:SpecifiedTradeSettlementLineMonetarySummation',
        null,
        el('ram:LineTotalAmount', null, amount(line.netCents)),
      ),
    ),
  );
}

function parties(invoice: EInvoice): XmlNode {
  const { seller, buyer } = invoice;
  // Not subject to VAT: neither party's VAT id may be stated (BR-O-2); the seller is named by its registration.
  const subjectToVat = invoice.breakdown.some((entry) => entry.category !== 'O');
  return el(
    'ram:ApplicableHeaderTradeAgreement',
    null,
    el('ram:BuyerReference', null, invoice.buyerReference),
    el(
      'ram:SellerTradeParty',
      null,
      el('ram:Name', null, seller.name),
      !seller.vatId && el('ram:SpecifiedLegalOrganization', null, el('ram:ID', null, seller.taxId)),
      el(
        'ram:DefinedTradeContact',
        null,
        el('ram:PersonName', null, seller.contact.name),
        el(
          'ram:TelephoneUniversalCommunication',
          null,
          el('ram:CompleteNumber', null, seller.contact.phone),
        ),
        el('ram:EmailURIUniversalCommunication', null, el('ram:URIID', null, seller.contact.email)),
      ),
      el(
        'ram:PostalTradeAddress',
        null,
        el('ram:LineOne', null, seller.address),
        el('ram:CountryID', null, seller.country),
      ),
      el(
        'ram:URIUniversalCommunication',
        null,
        el('ram:URIID', { schemeID: 'EM' }, seller.contact.email),
      ),
      seller.vatId &&
        el('ram:SpecifiedTaxRegistration', null, el('ram:ID', { schemeID: 'VA' }, seller.vatId)),
      el('ram:SpecifiedTaxRegistration', null, el('ram:ID', { schemeID: 'FC' }, seller.taxId)),
    ),
    el(
      'ram:BuyerTradeParty',
      null,
      el('ram:Name', null, buyer.name),
      el(
        'ram:DefinedTradeContact',
        null,
        el('ram:PersonName', null, buyer.contactName),
        el(
          'ram:TelephoneUniversalCommunication',
          null,
          el('ram:CompleteNumber', null, buyer.phone),
        ),
        el('ram:EmailURIUniversalCommunication', null, el('ram:URIID', null, buyer.email)),
      ),
      el(
        'ram:PostalTradeAddress',
        null,
        el('ram:LineOne', null, buyer.address),
        el('ram:CountryID', null, buyer.country),
      ),
      el('ram:URIUniversalCommunication', null, el('ram:URIID', { schemeID: 'EM' }, buyer.email)),
      subjectToVat &&
        buyer.vatId &&
        el('ram:SpecifiedTaxRegistration', null, el('ram:ID', { schemeID: 'VA' }, buyer.vatId)),
    ),
    invoice.purchaseOrder &&
      el(
        'ram:BuyerOrderReferencedDocument',
        null,
        el('ram:IssuerAssignedID', null, invoice.purchaseOrder),
      ),
  );
}

function settlement(invoice: EInvoice): XmlNode {
  const { seller, totals, payment } = invoice;
  return el(
    'ram:ApplicableHeaderTradeSettlement',
    null,
    el('ram:PaymentReference', null, invoice.number),
    el('ram:InvoiceCurrencyCode', null, invoice.currency),
    payment.kind === 'card'
      ? el(
          'ram:SpecifiedTradeSettlementPaymentMeans',
          null,
          el('ram:TypeCode', null, '48'),
          el('ram:Information', null, 'Bank card'),
        )
      : el(
          'ram:SpecifiedTradeSettlementPaymentMeans',
          null,
          el('ram:TypeCode', null, '30'),
          el('ram:Information', null, 'Credit transfer'),
          el(
            'ram:PayeePartyCreditorFinancialAccount',
            null,
            el('ram:IBANID', null, seller.iban),
            el('ram:AccountName', null, seller.name),
          ),
          el(
            'ram:PayeeSpecifiedCreditorFinancialInstitution',
            null,
            el('ram:BICID', null, seller.bic),
          ),
        ),
    invoice.breakdown.map((entry) => tax(invoice, entry)),
    el(
      'ram:SpecifiedTradePaymentTerms',
      null,
      el('ram:Description', null, invoice.paymentTerms),
      invoice.dueOn && dateTime('ram:DueDateDateTime', invoice.dueOn),
    ),
    el(
      'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
      null,
      el('ram:LineTotalAmount', null, amount(totals.netCents)),
      el('ram:TaxBasisTotalAmount', null, amount(totals.netCents)),
      el('ram:TaxTotalAmount', { currencyID: invoice.currency }, amount(totals.taxCents)),
      el('ram:GrandTotalAmount', null, amount(totals.grossCents)),
      el('ram:TotalPrepaidAmount', null, amount(totals.prepaidCents)),
      el('ram:DuePayableAmount', null, amount(totals.dueCents)),
    ),
    invoice.precedingInvoice &&
      el(
        'ram:InvoiceReferencedDocument',
        null,
        el('ram:IssuerAssignedID', null, invoice.precedingInvoice.number),
        invoice.precedingInvoice.issuedOn &&
          el(
            'ram:FormattedIssueDateTime',
            null,
            el('qdt:DateTimeString', { format: '102' }, day(invoice.precedingInvoice.issuedOn)),
          ),
      ),
  );
}

/** The e-invoice as CII XML (EN 16931). */
export function toCii(invoice: EInvoice): string {
  return toXml(
    el(
      'rsm:CrossIndustryInvoice',
      NAMESPACES,
      el(
        'rsm:ExchangedDocumentContext',
        null,
        el(
          'ram:GuidelineSpecifiedDocumentContextParameter',
          null,
          el('ram:ID', null, EN16931_GUIDELINE),
        ),
      ),
      el(
        'rsm:ExchangedDocument',
        null,
        el('ram:ID', null, invoice.number),
        el('ram:TypeCode', null, invoice.typeCode),
        dateTime('ram:IssueDateTime', invoice.issuedOn),
        el('ram:IncludedNote', null, el('ram:Content', null, invoice.note)),
      ),
      el(
        'rsm:SupplyChainTradeTransaction',
        null,
        invoice.lines.map((line) => lineItem(invoice, line)),
        parties(invoice),
        el('ram:ApplicableHeaderTradeDelivery', null),
        settlement(invoice),
      ),
    ),
  );
}
