// Orders becoming documents, on a database of the schema before it with real rows: every order placed alone becomes
// a document of one line with its number, total, payment, invoice, intents, ledger and shipments; every checkout
// keeps its own; nothing is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, databaseBefore, type Runner } from './migration-runner';

const DOCUMENTS = '0021_order_documents.sql';

const U = '00000000-0000-4000-8000-000000000001';
const T = '00000000-0000-4000-8000-000000000002';
const PAID = '00000000-0000-4000-8000-00000000000a';
const UNPAID = '00000000-0000-4000-8000-00000000000b';
const SHIPPED = '00000000-0000-4000-8000-00000000000c';
const K = '00000000-0000-4000-8000-0000000000c1';
const LINE1 = '00000000-0000-4000-8000-0000000000d1';
const LINE2 = '00000000-0000-4000-8000-0000000000d2';
const INVOICE = '00000000-0000-4000-8000-000000000101';
const SHIPMENT = '00000000-0000-4000-8000-000000000201';

const order = (id: string, total: number, address: string, extra: string) => `
  INSERT INTO orders (id, tool_id, user_id, product_name, sku, unit_price_cents, quantity, total_cents, email,
                      user_name, address, phone, paid, transaction_id, paid_at, checkout_id, checkout_number,
                      created_at)
  VALUES ('${id}', '${T}', '${U}', 'Wrench', 'WR-1', 1000, ${total / 1000}, ${total}, 'b@example.com', 'Bea',
          '${address}', '+1 555 0100', ${extra});`;

/** Today's shapes: lone orders paid (invoiced, carded, shipped) and unpaid (part paid by transfer), and a checkout. */
const TODAY = `
  INSERT INTO users (id, email, name) VALUES ('${U}', 'b@example.com', 'Bea');
  INSERT INTO tools (id, name, about, price_cents, quantity, min_quantity, image, sku)
  VALUES ('${T}', 'Wrench', 'A wrench', 1000, 1000, 1, '/w.png', 'WR-1');
  INSERT INTO checkouts (id, user_id, total_cents, transaction_id, po_number)
  VALUES ('${K}', '${U}', 3000, 'pi_k', 'PO-9');
  ${order(PAID, 5000, '1 Dock Rd', `true, 'pi_a', now(), NULL, NULL, now() - interval '3 days'`)}
  ${order(UNPAID, 2000, '2 Dock Rd', `false, NULL, NULL, NULL, NULL, now() - interval '2 days'`)}
  ${order(SHIPPED, 4000, '3 Dock Rd', `true, 'pi_s', now(), NULL, NULL, now() - interval '1 day'`)}
  ${order(LINE1, 1000, '4 Dock Rd', `true, 'pi_k', now(), '${K}', 1001, now()`)}
  ${order(LINE2, 2000, '4 Dock Rd', `true, 'pi_k', now(), '${K}', 1001, now()`)}
  INSERT INTO invoices (id, number, kind, user_id, order_id, method, total_cents, paid_cents, status, document)
  VALUES ('${INVOICE}', 'INV-2026-000001', 'invoice', '${U}', '${UNPAID}', 'invoice', 2000, 500, 'open', '{}');
  INSERT INTO payments (order_id, invoice_id, kind, amount_cents, reference)
  VALUES ('${UNPAID}', '${INVOICE}', 'transfer', 500, 'SEPA-1'), ('${PAID}', NULL, 'card', 5000, 'pi_a');
  INSERT INTO payment_intents (id, client_secret, order_id, amount_cents, status)
  VALUES ('pi_a', 'pi_a_secret', '${PAID}', 5000, 'succeeded');
  UPDATE orders SET shipped_quantity = quantity WHERE id = '${SHIPPED}';
  INSERT INTO shipments (id, number, checkout_id) VALUES ('${SHIPMENT}', 1001, NULL);
  INSERT INTO shipment_lines (shipment_id, order_id, quantity) VALUES ('${SHIPMENT}', '${SHIPPED}', 4);`;

const LINES = `SELECT o.id, o.number, o.total_cents::int AS total, o.paid, o.checkout_id, o.checkout_number,
    c.number AS document_number, c.total_cents::int AS document_total, c.transaction_id, c.address, c.email,
    c.user_name, c.po_number
  FROM orders o JOIN checkouts c ON c.id = o.checkout_id ORDER BY o.number`;

let runner: Runner;
beforeAll(async () => {
  runner = await databaseBefore(DOCUMENTS);
  await runner.exec(TODAY);
}, 120_000);
afterAll(async () => {
  await runner?.close();
});

describe(`migration ${DOCUMENTS}`, () => {
  it('makes every order placed alone a document of one line, and keeps everything else', async () => {
    const numbers = await runner.rows<{ id: string; number: number; total_cents: number }>(
      `SELECT id, number, total_cents::int FROM orders ORDER BY number`,
    );
    await apply(runner, DOCUMENTS);
    const lines = await runner.rows<Record<string, unknown>>(LINES);
    expect(lines.map((line) => [line.id, line.number, line.total])).toEqual(
      numbers.map((line) => [line.id, line.number, line.total_cents]),
    );
    const byId = Object.fromEntries(lines.map((line) => [line.id, line]));
    // The checkout keeps its number and both lines; each lone order has a document of its own, in placing order.
    expect(byId[LINE1]).toMatchObject({ checkout_id: K, document_number: 1001, po_number: 'PO-9' });
    expect(byId[LINE2]).toMatchObject({
      checkout_id: K,
      address: '4 Dock Rd',
      email: 'b@example.com',
    });
    for (const [id, total, transaction] of [
      [PAID, 5000, 'pi_a'],
      [UNPAID, 2000, null],
      [SHIPPED, 4000, 'pi_s'],
    ] as const) {
      expect(byId[id]).toMatchObject({
        document_total: total,
        transaction_id: transaction,
        user_name: 'Bea',
      });
      expect(byId[id]!.checkout_number).toBe(byId[id]!.document_number);
    }
    expect([PAID, UNPAID, SHIPPED].map((id) => byId[id]!.document_number as number)).toEqual([
      1002, 1003, 1004,
    ]);
  });

  it('moves the invoice, the ledger, the intents and the shipments onto the documents', async () => {
    const document = async (id: string) =>
      (
        await runner.rows<{ checkout_id: string }>(
          `SELECT checkout_id FROM orders WHERE id = '${id}'`,
        )
      )[0]!.checkout_id;
    const [invoice] = await runner.rows<{ checkout_id: string; order_id: string | null }>(
      `SELECT checkout_id, order_id FROM invoices`,
    );
    expect(invoice).toEqual({ checkout_id: await document(UNPAID), order_id: null });
    const ledger = await runner.rows<{ reference: string; checkout_id: string; order_id: null }>(
      `SELECT reference, checkout_id, order_id FROM payments ORDER BY reference`,
    );
    expect(ledger).toEqual([
      { reference: 'SEPA-1', checkout_id: await document(UNPAID), order_id: null },
      { reference: 'pi_a', checkout_id: await document(PAID), order_id: null },
    ]);
    const [intent] = await runner.rows<{ checkout_id: string; order_id: null }>(
      `SELECT checkout_id, order_id FROM payment_intents`,
    );
    expect(intent).toEqual({ checkout_id: await document(PAID), order_id: null });
    const [shipment] = await runner.rows<{ checkout_id: string }>(
      `SELECT checkout_id FROM shipments`,
    );
    expect(shipment!.checkout_id).toBe(await document(SHIPPED));
  });

  it('leaves no line without its document', async () => {
    await expect(
      runner.exec(`INSERT INTO orders (tool_id, product_name, sku, unit_price_cents, quantity, total_cents, email,
                    user_name, address, phone) VALUES ('${T}', 'W', 'WR-1', 1, 1, 1, 'x@y.z', 'X', 'A', '1')`),
    ).rejects.toThrow(/checkout_id/);
  });
});
