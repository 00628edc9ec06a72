import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import { getDb, type Database } from '@/lib/db/client';
import { lockCompany, membershipOf } from '@/lib/db/company-membership';
import { companyAddresses, type CompanyAddress } from '@/lib/db/schema';
import { conflict, notFound } from '@/lib/errors';
import type { CompanyAddressDto } from '@/lib/types';
import { idSchema } from '@/lib/validation/fields';
import { companyAddressSchema, type CompanyAddressInput } from '@/lib/validation/companies';
import { requireCompanyRole, requireMembership } from './membership';

const ADDRESS_NOT_FOUND = 'Address not found';
/** Enough for every site and warehouse of a buyer; the cap keeps one company from filling the table. */
export const ADDRESSES_PER_COMPANY = 200;

const toDto = (row: CompanyAddress): CompanyAddressDto => ({
  addressId: row.id,
  label: row.label,
  recipient: row.recipient,
  companyName: row.companyName,
  street: row.street,
  postcode: row.postcode,
  city: row.city,
  region: row.region,
  country: row.country,
  phone: row.phone,
});

/** `GET /api/company/addresses`: every member reads the book (checkout and quotes choose from it). */
export async function listAddresses(
  actor: Actor | null,
  db: Database = getDb(),
): Promise<CompanyAddressDto[]> {
  const member = await requireMembership(actor, db);
  const rows = await db
    .select()
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, member.companyId))
    .orderBy(asc(companyAddresses.label), asc(companyAddresses.createdAt));
  return rows.map(toDto);
}

/** The caller's company's address book for checkout and quotes: empty for an account on its own. */
export async function addressBookOf(
  actor: Actor | null,
  db: Database = getDb(),
): Promise<CompanyAddressDto[]> {
  const current = requireSignedIn(actor);
  return (await membershipOf(db, current.userId)) ? listAddresses(current, db) : [];
}

/** `POST /api/company/addresses` (owners) → 201 the address. */
export async function addAddress(
  actor: Actor | null,
  input: CompanyAddressInput,
  db: Database = getDb(),
): Promise<CompanyAddressDto> {
  const owner = await requireCompanyRole(actor, ['owner'], db);
  const address = companyAddressSchema.parse(input);
  return db.transaction(async (tx) => {
    // Counted under the company's row lock, so concurrent additions cannot pass the cap together.
    await lockCompany(tx, owner.companyId);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(companyAddresses)
      .where(eq(companyAddresses.companyId, owner.companyId));
    if ((counted?.count ?? 0) >= ADDRESSES_PER_COMPANY) {
      throw conflict(`An address book holds at most ${ADDRESSES_PER_COMPANY} addresses`);
    }
    const [row] = await tx
      .insert(companyAddresses)
      .values({ companyId: owner.companyId, ...address })
      .returning();
    await recordAudit(tx, {
      actor: owner.actor,
      action: 'company.address',
      target: `address ${row!.label}`,
      after: address,
    });
    return toDto(row!);
  });
}

/** `PUT /api/company/addresses/{id}` (owners): another company's address is a 404. */
export async function changeAddress(
  actor: Actor | null,
  addressId: string,
  input: CompanyAddressInput,
  db: Database = getDb(),
): Promise<CompanyAddressDto> {
  const owner = await requireCompanyRole(actor, ['owner'], db);
  if (!idSchema.safeParse(addressId).success) throw notFound(ADDRESS_NOT_FOUND);
  const address = companyAddressSchema.parse(input);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(companyAddresses)
      .where(
        and(eq(companyAddresses.id, addressId), eq(companyAddresses.companyId, owner.companyId)),
      );
    if (!before) throw notFound(ADDRESS_NOT_FOUND);
    const [row] = await tx
      .update(companyAddresses)
      .set({ ...address, updatedAt: sql`now()` })
      .where(eq(companyAddresses.id, addressId))
      .returning();
    await recordAudit(tx, {
      actor: owner.actor,
      action: 'company.address',
      target: `address ${row!.label}`,
      before: { ...toDto(before) },
      after: address,
    });
    return toDto(row!);
  });
}

/** `DELETE /api/company/addresses/{id}` (owners). Orders keep their own copy of where they shipped. */
export async function removeAddress(
  actor: Actor | null,
  addressId: string,
  db: Database = getDb(),
): Promise<{ acknowledged: true; deletedCount: number }> {
  const owner = await requireCompanyRole(actor, ['owner'], db);
  if (!idSchema.safeParse(addressId).success) throw notFound(ADDRESS_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(companyAddresses)
      .where(
        and(eq(companyAddresses.id, addressId), eq(companyAddresses.companyId, owner.companyId)),
      )
      .returning();
    if (!gone) throw notFound(ADDRESS_NOT_FOUND);
    await recordAudit(tx, {
      actor: owner.actor,
      action: 'company.address',
      target: `address ${gone.label}`,
      before: { ...toDto(gone) },
    });
    return { acknowledged: true as const, deletedCount: 1 };
  });
}
