// Invoices through the route handlers: checkouts by card or on terms, the PDF and its text.
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as lineRoute from '@/app/api/cart/[toolId]/route';
import * as checkoutRoute from '@/app/api/checkout/route';
import * as oneCheckout from '@/app/api/checkout/[id]/route';
import * as intentRoute from '@/app/api/create-payment-intent/route';
import * as invoiceRoute from '@/app/api/invoices/[number]/route';
import * as confirmRoute from '@/app/api/payments/test/confirm/route';
import { getDb } from '@/lib/db/client';
import { invoices } from '@/lib/db/schema';
import { call, type TestUser } from './helpers';
import { TEST_CARD } from './order-steps';

export const SHIP_TO = { address: '1 Dock Rd, Springfield', phone: '+1 555 0100' };

export const setLine = (user: TestUser, toolId: string, quantity: number) =>
  call(lineRoute.PUT, { method: 'PUT', params: { toolId }, body: { quantity }, token: user.token });

export const checkout = (user: TestUser, body: Record<string, unknown> = {}) =>
  call<{ checkoutId: string; orderIds: string[]; remainingCredit?: number }>(checkoutRoute.POST, {
    method: 'POST',
    body: { ...SHIP_TO, ...body },
    token: user.token,
  });

/** Intent, test card and the payment recorded for a whole checkout (200 asserted). */
export async function payCheckout(user: TestUser, checkoutId: string): Promise<string> {
  const intent = await call<{ clientSecret: string }>(intentRoute.POST, {
    method: 'POST',
    body: { checkoutId },
    token: user.token,
  });
  const confirmed = await call<{ id: string }>(confirmRoute.POST, {
    method: 'POST',
    body: { clientSecret: intent.body.clientSecret, ...TEST_CARD },
    token: user.token,
  });
  const recorded = await call(oneCheckout.PATCH, {
    method: 'PATCH',
    params: { id: checkoutId },
    body: { transactionId: confirmed.body.id },
    token: user.token,
  });
  expect(recorded.status).toBe(200);
  return confirmed.body.id;
}

export async function invoiceOfCheckout(checkoutId: string) {
  const [invoice] = await getDb()
    .select()
    .from(invoices)
    .where(eq(invoices.checkoutId, checkoutId));
  return invoice!;
}

/** GET /api/invoices/{number}.pdf as this user: the status and the file's bytes. */
export async function fetchPdf(user: TestUser | null, number: string) {
  const headers: Record<string, string> = user ? { authorization: `Bearer ${user.token}` } : {};
  const response = await invoiceRoute.GET(
    new Request(`http://localhost/api/invoices/${number}.pdf`, { headers }),
    { params: Promise.resolve({ number: `${number}.pdf` }) },
  );
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    pdf: Buffer.from(await response.arrayBuffer()),
  };
}

/** GET /api/invoices/{number}.xml as this user: the EN 16931 CII text (200 asserted). */
export async function fetchXml(user: TestUser, number: string, query = '') {
  const response = await invoiceRoute.GET(
    new Request(`http://localhost/api/invoices/${number}.xml${query}`, {
      headers: { authorization: `Bearer ${user.token}` },
    }),
    { params: Promise.resolve({ number: `${number}.xml` }) },
  );
  expect(response.status).toBe(200);
  return response.text();
}

/** The text of a PDF, as poppler's pdftotext reads it (one line of the page a line of text). */
export const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
