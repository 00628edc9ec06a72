// The ledger's migration on a database of the schema before it, with real rows: nothing is lost, every movement is a
// row. Runs on a throwaway database of its own (PGlite in memory, or a fresh PostgreSQL database beside DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, databaseBefore, type Runner } from './migration-runner';

const LEDGER = '0019_money_ledger.sql';

const U = '00000000-0000-4000-8000-000000000001';
const T = '00000000-0000-4000-8000-000000000002';
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const K1 = '00000000-0000-4000-8000-0000000000c1';
const K2 = '00000000-0000-4000-8000-0000000000c2';
const K3 = '00000000-0000-4000-8000-0000000000c3';
const K4 = '00000000-0000-4000-8000-0000000000c4';
const INV = (n: number) => `'00000000-0000-4000-8000-00000000010${n}'`;

const order = (id: string, total: number, extra: string) => `
  INSERT INTO orders (id, tool_id, user_id, product_name, sku, unit_price_cents, quantity, total_cents, email,
                      user_name, address, phone, paid, transaction_id, paid_at, checkout_id, checkout_number)
  VALUES ('${id}', '${T}', '${U}', 'Wrench', 'WR-1', 1000, ${total / 1000}, ${total}, 'b@example.com', 'Bea',
          '1 Dock Rd', '+1 555 0100', ${extra});`;
const invoice = (n: number, target: string, values: string) => `
  INSERT INTO invoices (id, number, kind, user_id, ${target}, method, total_cents, paid_cents, status, document)
  VALUES (${INV(n)}, 'INV-2026-00000${n}', 'invoice', '${U}', ${values}, '{}');`;

/** Today's shapes: lone orders paid and unpaid, checkouts by card, on terms part paid, settled, and cancelled. */
const TODAY = `
  INSERT INTO users (id, email, name) VALUES ('${U}', 'b@example.com', 'Bea');
  INSERT INTO tools (id, name, about, price_cents, quantity, min_quantity, image, sku)
  VALUES ('${T}', 'Wrench', 'A wrench', 1000, 1000, 1, '/w.png', 'WR-1');
  INSERT INTO checkouts (id, user_id, total_cents, transaction_id) VALUES
    ('${K1}', '${U}', 3000, 'pi_k1'), ('${K2}', '${U}', 50000, NULL), ('${K3}', '${U}', 7000, 'INV-2026-000004');
  ${order(A, 5000, `true, 'pi_a', now(), NULL, NULL`)}
  ${order(B, 2000, `false, NULL, NULL, NULL, NULL`)}
  ${order('00000000-0000-4000-8000-0000000000d1', 1000, `true, 'pi_k1', now(), '${K1}', 1001`)}
  ${order('00000000-0000-4000-8000-0000000000d2', 2000, `true, 'pi_k1', now(), '${K1}', 1001`)}
  ${order('00000000-0000-4000-8000-0000000000d3', 50000, `false, NULL, NULL, '${K2}', 1002`)}
  ${order('00000000-0000-4000-8000-0000000000d4', 7000, `true, 'INV-2026-000004', now(), '${K3}', 1003`)}
  ${invoice(1, 'order_id', `'${A}', 'card', 5000, 5000, 'paid'`)}
  ${invoice(2, 'checkout_id', `'${K1}', 'card', 3000, 3000, 'paid'`)}
  ${invoice(3, 'checkout_id', `'${K2}', 'invoice', 50000, 20000, 'open'`)}
  ${invoice(4, 'checkout_id', `'${K3}', 'invoice', 7000, 7000, 'paid'`)}
  ${invoice(5, 'checkout_id', `'${K4}', 'invoice', 40000, 10000, 'credited'`)}
  INSERT INTO invoices (number, kind, user_id, checkout_id, credits_invoice_id, method, total_cents, paid_cents,
                        status, document)
  VALUES ('CN-2026-000001', 'credit_note', '${U}', '${K4}', ${INV(5)}, 'invoice', 40000, 0, 'credited', '{}');
  INSERT INTO invoice_payments (invoice_id, amount_cents, paid_on, reference, recorded_by) VALUES
    (${INV(3)}, 20000, '2026-11-20', 'SEPA-3', '${U}'),
    (${INV(4)}, 3000, '2026-11-21', 'SEPA-4a', NULL), (${INV(4)}, 4000, '2026-11-22', 'SEPA-4b', NULL),
    (${INV(5)}, 10000, '2026-11-23', 'SEPA-5', NULL);
  INSERT INTO payment_intents (id, client_secret, order_id, amount_cents, status)
  VALUES ('pi_a', 'pi_a_secret', '${A}', 5000, 'succeeded');
  INSERT INTO payment_intents (id, client_secret, checkout_id, amount_cents, status)
  VALUES ('pi_k1', 'pi_k1_secret', '${K1}', 3000, 'succeeded');
  INSERT INTO order_events (order_id, kind, actor, reference) VALUES
    ('${A}', 'placed', 'customer', NULL), ('${A}', 'paid', 'customer', 'pi_a');`;

const COUNTS = `SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM checkouts)::int AS checkouts,
  (SELECT count(*) FROM invoices)::int AS invoices, (SELECT count(*) FROM payment_intents)::int AS intents,
  (SELECT count(*) FROM order_events)::int AS events,
  (SELECT string_agg(number || ':' || total_cents || ':' || paid, ',' ORDER BY number) FROM orders) AS orders_seen,
  (SELECT string_agg(number || ':' || total_cents || ':' || coalesce(transaction_id, '-'), ',' ORDER BY number)
     FROM checkouts) AS checkouts_seen,
  (SELECT string_agg(number || ':' || total_cents || ':' || paid_cents || ':' || status, ',' ORDER BY number)
     FROM invoices) AS invoices_seen`;

let runner: Runner;
beforeAll(async () => {
  runner = await databaseBefore(LEDGER);
}, 120_000);
afterAll(async () => {
  await runner?.close();
});

describe(`migration ${LEDGER}`, () => {
  it('keeps every order, checkout, invoice, intent and event, and writes every movement to the ledger', async () => {
    await runner.exec(TODAY);
    const [was] = await runner.rows<Record<string, unknown>>(COUNTS);
    await apply(runner, LEDGER);
    const [is] = await runner.rows<Record<string, unknown>>(COUNTS);
    expect(is).toEqual(was);
    expect(was).toMatchObject({ orders: 6, checkouts: 3, invoices: 6, intents: 2, events: 2 });

    const ledger = await runner.rows<{
      payee: string;
      kind: string;
      cents: string;
      reference: string;
    }>(`
      SELECT coalesce(order_id, checkout_id)::text AS payee, kind, amount_cents::text AS cents, reference
      FROM payments ORDER BY payee, kind, reference`);
    expect(ledger.map((row) => [row.payee, row.kind, Number(row.cents), row.reference])).toEqual([
      [A, 'card', 5000, 'pi_a'],
      [K1, 'card', 3000, 'pi_k1'],
      [K2, 'transfer', 20000, 'SEPA-3'],
      [K3, 'transfer', 3000, 'SEPA-4a'],
      [K3, 'transfer', 4000, 'SEPA-4b'],
      [K4, 'credit_note', 40000, 'CN-2026-000001'],
      [K4, 'refund_owed', 10000, 'Collected beyond the amount due'],
      [K4, 'transfer', 10000, 'SEPA-5'],
    ]);
    const [transfer] = await runner.rows<{ paid_on: string; recorded_by: string; invoice: string }>(
      `SELECT paid_on::text, recorded_by::text, invoice_id::text AS invoice FROM payments WHERE reference = 'SEPA-3'`,
    );
    expect(transfer).toEqual({
      paid_on: '2026-11-20',
      recorded_by: U,
      invoice: INV(3).slice(1, -1),
    });
    const [gone] = await runner.rows<{ name: string | null }>(
      `SELECT to_regclass('public.invoice_payments')::text AS name`,
    );
    expect(gone!.name).toBeNull();
    const types = await runner.rows<{ column: string; type: string }>(`
      SELECT table_name || '.' || column_name AS column, data_type AS type FROM information_schema.columns
      WHERE table_schema = 'public' AND (column_name LIKE '%cents' OR column_name = 'amount_cents')
      ORDER BY 1`);
    expect(types.length).toBeGreaterThanOrEqual(10);
    expect(types.filter((row) => row.type !== 'bigint')).toEqual([]);
  });
});
