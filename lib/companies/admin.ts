import { sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireAdmin } from '@/lib/auth/guards';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { companies } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import { toDollars } from '@/lib/money';
import type { CompanyAccountDto, OrderDocumentDto } from '@/lib/types';
import { idSchema } from '@/lib/validation/fields';
import { describeCompany } from './account';
import { ordersOfCompany } from './documents';

/** A company as the admin's Companies list shows it (dollars). */
export interface CompanySummaryDto {
  companyId: string;
  name: string;
  members: number;
  orders: number;
  openInvoices: number;
  /** dollars unpaid on the open invoices */
  openAmount: number;
  terms: { netDays: number; creditLimit: number } | null;
}

/** Companies (admins): every company with its members, orders, open invoices and terms, by name. */
export async function listCompanies(
  actor: Actor | null,
  db: Database = getDb(),
): Promise<CompanySummaryDto[]> {
  requireAdmin(actor);
  const rows = await queryRows<{
    id: string;
    name: string;
    net_days: number | null;
    limit_cents: number | null;
    members: number;
    orders: number;
    open_invoices: number;
    open_cents: number;
  }>(
    db,
    sql`SELECT c.id, c.name, c.net_days, c.credit_limit_cents::float8 AS limit_cents,
          (SELECT count(*)::int FROM company_members m WHERE m.company_id = c.id) AS members,
          (SELECT count(*)::int FROM checkouts k WHERE k.company_id = c.id) AS orders,
          (SELECT count(*)::int FROM invoices i
            WHERE i.company_id = c.id AND i.kind = 'invoice' AND i.status = 'open') AS open_invoices,
          (SELECT coalesce(sum(i.total_cents - i.paid_cents), 0)::float8 FROM invoices i
            WHERE i.company_id = c.id AND i.kind = 'invoice' AND i.status = 'open') AS open_cents
        FROM ${companies} c ORDER BY lower(c.name), c.id`,
  );
  return rows.map((row) => ({
    companyId: row.id,
    name: row.name,
    members: row.members,
    orders: row.orders,
    openInvoices: row.open_invoices,
    openAmount: toDollars(row.open_cents),
    terms:
      row.net_days !== null && row.limit_cents !== null
        ? { netDays: row.net_days, creditLimit: toDollars(row.limit_cents) }
        : null,
  }));
}

/** One company for an admin: its details, members, terms and credit used, and its latest orders. */
export async function getCompanyForAdmin(
  actor: Actor | null,
  companyId: string,
  db: Database = getDb(),
): Promise<{ company: Omit<CompanyAccountDto, 'role'>; orders: OrderDocumentDto[] }> {
  const admin = requireAdmin(actor);
  if (!idSchema.safeParse(companyId).success) throw notFound('Company not found');
  const company = await describeCompany(db, companyId);
  if (!company) throw notFound('Company not found');
  return { company, orders: await ordersOfCompany(admin, companyId, db) };
}
