// Company accounts, on a database of the schema before them with real rows: every account with company details or
// net terms becomes the owner of a one-member company holding both, and its orders, quotes and invoices are that
// company's; an account with neither stays on its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, databaseBefore, type Runner } from './migration-runner';

const COMPANIES = '0025_company_accounts.sql';

const DETAILS = '00000000-0000-4000-8000-000000000001';
const TERMS = '00000000-0000-4000-8000-000000000002';
const BOTH = '00000000-0000-4000-8000-000000000003';
const ALONE = '00000000-0000-4000-8000-000000000004';
const K = '00000000-0000-4000-8000-0000000000c1';
const Q = '00000000-0000-4000-8000-0000000000e1';

const TODAY = `
  INSERT INTO users (id, email, name) VALUES
    ('${DETAILS}', 'd@example.com', 'Dee'), ('${TERMS}', 't@example.com', NULL),
    ('${BOTH}', 'b@example.com', 'Bea'), ('${ALONE}', 'a@example.com', 'Al');
  INSERT INTO companies (user_id, company_name, tax_id, billing_address, country, buyer_reference) VALUES
    ('${DETAILS}', 'Dee GmbH', 'DE123456789', '1 Hafenstr, Hamburg', 'DE', '04011000-1234-56'),
    ('${BOTH}', 'Bea Ltd', NULL, '2 Dock Rd', NULL, NULL);
  INSERT INTO credit_terms (user_id, net_days, credit_limit_cents) VALUES
    ('${TERMS}', 30, 500000), ('${BOTH}', 60, 1000000);
  INSERT INTO checkouts (id, user_id, email, user_name, address, phone, total_cents)
  VALUES ('${K}', '${BOTH}', 'b@example.com', 'Bea', '2 Dock Rd', '+1 555', 3000);
  INSERT INTO invoices (number, kind, user_id, checkout_id, method, total_cents, paid_cents, status, document)
  VALUES ('INV-2026-000001', 'invoice', '${BOTH}', '${K}', 'invoice', 3000, 0, 'open', '{}');
  INSERT INTO quotes (id, user_id) VALUES ('${Q}', '${ALONE}');`;

let runner: Runner;
beforeAll(async () => {
  runner = await databaseBefore(COMPANIES);
  await runner.exec(TODAY);
  await apply(runner, COMPANIES);
}, 120_000);
afterAll(async () => {
  await runner?.close();
});

describe(`migration ${COMPANIES}`, () => {
  it('makes a one-member company of every account with details or terms, holding both', async () => {
    const rows = await runner.rows<Record<string, unknown>>(`
      SELECT m.user_id, m.role, m.spending_limit_cents, c.name, c.tax_id, c.billing_address, c.country,
             c.buyer_reference, c.net_days, c.credit_limit_cents::int AS credit_limit_cents
      FROM company_members m JOIN companies c ON c.id = m.company_id ORDER BY m.user_id`);
    expect(rows).toEqual([
      {
        user_id: DETAILS,
        role: 'owner',
        spending_limit_cents: null,
        name: 'Dee GmbH',
        tax_id: 'DE123456789',
        billing_address: '1 Hafenstr, Hamburg',
        country: 'DE',
        buyer_reference: '04011000-1234-56',
        net_days: null,
        credit_limit_cents: null,
      },
      {
        user_id: TERMS,
        role: 'owner',
        spending_limit_cents: null,
        name: 't@example.com',
        tax_id: null,
        billing_address: null,
        country: null,
        buyer_reference: null,
        net_days: 30,
        credit_limit_cents: 500000,
      },
      {
        user_id: BOTH,
        role: 'owner',
        spending_limit_cents: null,
        name: 'Bea Ltd',
        tax_id: null,
        billing_address: '2 Dock Rd',
        country: null,
        buyer_reference: null,
        net_days: 60,
        credit_limit_cents: 1000000,
      },
    ]);
  });

  it("gives the company its owner's orders and invoices, leaves an account on its own alone, drops the old tables", async () => {
    const [owned] = await runner.rows<{
      order_company: string;
      invoice_company: string;
      member_company: string;
    }>(`
      SELECT k.company_id AS order_company, i.company_id AS invoice_company, m.company_id AS member_company
      FROM checkouts k JOIN invoices i ON i.checkout_id = k.id JOIN company_members m ON m.user_id = k.user_id`);
    expect(owned!.order_company).toBe(owned!.member_company);
    expect(owned!.invoice_company).toBe(owned!.member_company);
    const [quote] = await runner.rows<{ company_id: string | null }>(
      `SELECT company_id FROM quotes`,
    );
    expect(quote!.company_id).toBeNull();
    const tables = await runner.rows<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_name IN ('credit_terms', 'legacy_companies', 'company_of_account')`,
    );
    expect(tables).toEqual([]);
  });
});
