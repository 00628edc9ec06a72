import { z } from 'zod';
import { dollars } from './fields';
import { skuSchema } from './sku';

// A company's price list (admin): its own price per tool, by SKU, and a discount off the catalogue.

/** The most lines one list holds: 1,000 lines are about 40 KB of JSON, inside the API's 64 KB body. */
export const MAX_COMPANY_PRICES = 1_000;

/** `PUT /api/companies/{id}/prices`: replaces the company's list; without `discountPercent` the discount stays. */
export const companyPricesSchema = z
  .object({
    prices: z
      .array(z.object({ sku: skuSchema, price: dollars('Price') }), {
        error: 'Prices must be a list',
      })
      .max(MAX_COMPANY_PRICES, {
        error: `A price list holds at most ${MAX_COMPANY_PRICES.toLocaleString('en-US')} lines`,
      }),
    discountPercent: z
      .number({ error: 'Discount must be a number' })
      .min(0, { error: 'Discount must be 0 to 90 %' })
      .max(90, { error: 'Discount must be 0 to 90 %' })
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
        error: 'Discount can have at most 2 decimals',
      })
      .optional(),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>();
    input.prices.forEach((line, index) => {
      if (seen.has(line.sku))
        context.addIssue({
          code: 'custom',
          path: ['prices', index, 'sku'],
          message: `${line.sku} is listed twice`,
        });
      seen.add(line.sku);
    });
  });
export type CompanyPricesInput = z.input<typeof companyPricesSchema>;
