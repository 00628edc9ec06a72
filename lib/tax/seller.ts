import { SELLER } from '@/config/seller';
import { getEnv } from '@/lib/env';

/** The seller as its invoices print it and its tax rules read it: config/seller.ts, replaced by the environment. */
export interface SellerTaxProfile {
  name: string;
  address: string;
  country: string;
  taxId: string;
  vatId: string | null;
  bank: string;
  iban: string;
  bic: string;
  contact: { name: string; email: string; phone: string };
  standardRatePercent: number;
  reducedRatePercent: number;
}

export function sellerTaxProfile(): SellerTaxProfile {
  const env = getEnv();
  return {
    name: env.SELLER_NAME ?? SELLER.name,
    address: env.SELLER_ADDRESS ?? SELLER.address,
    country: env.SELLER_COUNTRY ?? SELLER.country,
    taxId: env.SELLER_TAX_ID ?? SELLER.taxId,
    vatId: env.SELLER_VAT_ID ?? SELLER.vatId,
    bank: env.SELLER_BANK ?? SELLER.bank,
    iban: env.SELLER_IBAN ?? SELLER.iban,
    bic: env.SELLER_BIC ?? SELLER.bic,
    contact: {
      name: SELLER.contact.name,
      email: env.SELLER_EMAIL ?? SELLER.contact.email,
      phone: env.SELLER_PHONE ?? SELLER.contact.phone,
    },
    standardRatePercent: env.TAX_RATE_PERCENT ?? SELLER.taxRatePercent,
    reducedRatePercent: env.TAX_REDUCED_RATE_PERCENT ?? SELLER.reducedTaxRatePercent,
  };
}
