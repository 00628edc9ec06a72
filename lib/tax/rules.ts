import { basisPoints } from '@/lib/tax/rounding';
import type { SellerTaxProfile } from '@/lib/tax/seller';
import { isEuCountry, isVatIdOf } from '@/lib/tax/vat-ids';

/** The EN 16931 VAT categories (UNTDID 5305) the shop issues. */
export type VatCategory = 'S' | 'AE' | 'G' | 'O';

/** A tool's rate class: which of the seller's configured rates a standard-rated line takes. */
export type TaxRateClass = 'standard' | 'reduced';

/** Who is billed, as far as tax is concerned: the billing address's country and the company's VAT id. */
export interface BuyerTaxDetails {
  /** ISO 3166-1 alpha-2; null when the buyer gave none (taxed as at home: see `taxTreatment`) */
  country: string | null;
  vatId: string | null;
}

/** How a buyer's lines are taxed: one category for the whole document, and the note the law wants printed. */
export interface TaxTreatment {
  category: VatCategory;
  /** printed on the invoice and its e-invoice (BT-120); null for the standard rate */
  note: string | null;
  /** the VATEX code of that note (BT-121) */
  exemptionCode: string | null;
}

export const REVERSE_CHARGE_NOTE = 'Reverse charge – VAT to be accounted for by the recipient';
export const EXPORT_NOTE = 'Export outside the tax area – exempt from VAT';
export const NOT_SUBJECT_NOTE = 'Not subject to VAT – the seller is not registered for VAT';

/** The note and VATEX code printed for a category (none for the standard rate). */
export function noteFor(category: VatCategory): Pick<TaxTreatment, 'note' | 'exemptionCode'> {
  if (category === 'AE') return { note: REVERSE_CHARGE_NOTE, exemptionCode: 'VATEX-EU-AE' };
  if (category === 'G') return { note: EXPORT_NOTE, exemptionCode: 'VATEX-EU-G' };
  if (category === 'O') return { note: NOT_SUBJECT_NOTE, exemptionCode: 'VATEX-EU-O' };
  return { note: null, exemptionCode: null };
}

/** The countries whose sales are domestic for this seller: the EU for a seller in it, else its own country. */
const inTaxAreaOf = (seller: SellerTaxProfile, country: string) =>
  country === seller.country || (isEuCountry(seller.country) && isEuCountry(country));

/**
 * The seller's tax rules, first match wins:
 * 1. a seller with no VAT registration charges none: not subject (O);
 * 2. the seller's own country, or no country given: the standard rate (S; the safe side for the seller);
 * 3. another country of the seller's tax area with a VAT id of that country's format: reverse charge, 0 % (AE);
 * 4. another country of the tax area without one (a consumer, or an id that is not theirs): the standard rate (S);
 * 5. outside the tax area: export, 0 % (G).
 */
export function taxTreatment(seller: SellerTaxProfile, buyer: BuyerTaxDetails): TaxTreatment {
  const as = (category: VatCategory): TaxTreatment => ({ category, ...noteFor(category) });
  if (!seller.vatId) return as('O');
  const standard = as('S');
  if (!buyer.country || buyer.country === seller.country) return standard;
  if (inTaxAreaOf(seller, buyer.country)) {
    return buyer.vatId && isVatIdOf(buyer.country, buyer.vatId) ? as('AE') : standard;
  }
  return as('G');
}

/** The rate, in basis points, a line of this rate class takes under this treatment: 0 unless standard-rated. */
export function rateFor(
  seller: SellerTaxProfile,
  treatment: TaxTreatment,
  rateClass: TaxRateClass,
): number {
  if (treatment.category !== 'S') return 0;
  return basisPoints(
    rateClass === 'reduced' ? seller.reducedRatePercent : seller.standardRatePercent,
  );
}
