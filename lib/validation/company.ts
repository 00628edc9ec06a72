import './fields';
import { z } from 'zod';
import { optionalText } from './fields';

/**
 * `PUT /api/user/company` and the Company card: every field optional, an empty one clears it. The country and the
 * VAT id decide how the buyer is taxed (lib/tax/rules.ts); the buyer reference routes e-invoices (BT-10).
 */
export const companySchema = z.object({
  companyName: optionalText('Company name', 200),
  taxId: optionalText('VAT or tax id', 50),
  billingAddress: optionalText('Billing address', 500),
  country: optionalText('Country', 2)
    .transform((value) => value && value.toUpperCase())
    .refine((value) => value === null || /^[A-Z]{2}$/.test(value), {
      error: 'Country must be a 2-letter code like DE',
    }),
  buyerReference: optionalText('Buyer reference', 100),
});
export type CompanyInput = z.input<typeof companySchema>;
