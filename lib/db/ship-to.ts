import { and, eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { companyAddresses, companyMembers } from '@/lib/db/schema';
import type { ShipToAddress } from '@/lib/types';

/**
 * An entry of the caller's company's address book, as an order copies it; null when the id names no address of
 * that company (another company's address reads as unknown).
 */
export async function shipToFromBook(
  db: Pick<Database, 'select'>,
  userId: string,
  addressId: string,
): Promise<ShipToAddress | null> {
  const [row] = await db
    .select({
      label: companyAddresses.label,
      recipient: companyAddresses.recipient,
      companyName: companyAddresses.companyName,
      street: companyAddresses.street,
      postcode: companyAddresses.postcode,
      city: companyAddresses.city,
      region: companyAddresses.region,
      country: companyAddresses.country,
      phone: companyAddresses.phone,
    })
    .from(companyAddresses)
    .innerJoin(companyMembers, eq(companyMembers.companyId, companyAddresses.companyId))
    .where(and(eq(companyAddresses.id, addressId), eq(companyMembers.userId, userId)));
  return row ?? null;
}
