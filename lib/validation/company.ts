import './fields';
import { z } from 'zod';
import { text } from './fields';

const optionalText = (name: string, max: number) =>
  text(`${name} must be text`)
    .trim()
    .max(max, { error: `${name} must be at most ${max} characters` })
    .nullable()
    .optional()
    .transform((value) => value || null);

/** `PUT /api/user/company` and the Company card: every field optional, an empty one clears it. */
export const companySchema = z.object({
  companyName: optionalText('Company name', 200),
  taxId: optionalText('VAT or tax id', 50),
  billingAddress: optionalText('Billing address', 500),
});
export type CompanyInput = z.input<typeof companySchema>;
