import './fields';
import { z } from 'zod';
import { dollars, optionalParam, text } from './fields';
import { isoDate, RANGE_ERROR, rangeInOrder } from './orders';

// Net terms and bank transfers (admin), and the invoice number a URL names.

/**
 * `PUT /api/companies/{id}/terms` and `PUT /api/user/terms/{id}`: net 15, 30 or 60 days and a credit limit;
 * `{ netDays: null }` removes terms.
 */
export const termsSchema = z
  .object({
    netDays: z.union([z.literal(15), z.literal(30), z.literal(60), z.null()], {
      error: 'Net days must be 15, 30 or 60',
    }),
    creditLimit: dollars('Credit limit', true).optional(),
  })
  .refine((terms) => terms.netDays === null || terms.creditLimit !== undefined, {
    error: 'Credit limit is Required',
    path: ['creditLimit'],
  });
export type TermsInput = z.input<typeof termsSchema>;

/** `POST /api/invoices/{number}/payments`: a bank transfer received. */
export const invoicePaymentSchema = z.object({
  amount: dollars('Amount'),
  date: text('Date is Required')
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date must be YYYY-MM-DD' })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
      error: 'Date must be YYYY-MM-DD',
    }),
  reference: text('Reference is Required')
    .trim()
    .min(1, { error: 'Reference is Required' })
    .max(140, { error: 'Reference must be at most 140 characters' }),
});
export type InvoicePaymentInput = z.input<typeof invoicePaymentSchema>;

/** An invoice or credit note number as URLs name it, with or without ".pdf" or ".xml". */
export const invoiceNumberSchema = z
  .string()
  .transform((value) => value.replace(/\.(pdf|xml)$/i, '').toUpperCase())
  .pipe(z.string().regex(/^(INV|CN)-\d{4}-\d{6}$/, { error: 'Invoice not found' }));

/**
 * `/dashboard/statement` and `GET /api/statement/pdf`: the period (YYYY-MM-DD, both ends included; by default the
 * last 90 days) and, for an admin only, the account it is of.
 */
export const statementQuerySchema = z
  .object({
    from: optionalParam(isoDate('from')),
    to: optionalParam(isoDate('to')),
    user: optionalParam(z.uuid({ error: 'Not found' })),
  })
  .refine(rangeInOrder, RANGE_ERROR);
export type StatementQuery = z.output<typeof statementQuerySchema>;
/** Which file `GET /api/invoices/{number}.{pdf|xml}` answers: the Factur-X PDF unless the name ends in ".xml". */
export const invoiceFormatOf = (value: string): 'pdf' | 'xml' =>
  /\.xml$/i.test(value) ? 'xml' : 'pdf';

/** `?syntax=` of the XML: CII (Factur-X's, XRechnung-CII) unless UBL 2.1 is asked for. */
export const eInvoiceSyntaxSchema = z
  .enum(['cii', 'ubl'], { error: 'Syntax must be cii or ubl' })
  .nullable()
  .transform((value) => value ?? 'cii');
