import { sellerTaxProfile } from '@/lib/tax/seller';
import { rateFor, taxTreatment, type TaxRateClass, type TaxTreatment } from '@/lib/tax/rules';

/** How the seller as configured now taxes a buyer, and the rate of each rate class under that treatment. */
export function treatmentFor(buyer: { country: string | null; taxId: string | null }): {
  treatment: TaxTreatment;
  rates: Record<TaxRateClass, number>;
} {
  const seller = sellerTaxProfile();
  const treatment = taxTreatment(seller, { country: buyer.country, vatId: buyer.taxId });
  return {
    treatment,
    rates: {
      standard: rateFor(seller, treatment, 'standard'),
      reduced: rateFor(seller, treatment, 'reduced'),
    },
  };
}
