import type { Database } from '@/lib/db/client';
import { shipToFromBook } from '@/lib/db/ship-to';
import { formatShipTo } from '@/lib/format';
import { badRequest } from '@/lib/errors';
import type { ShipToAddress } from '@/lib/types';

export const CHOOSE_COMPANY_ADDRESS = "Choose one of your company's addresses";

/**
 * Where an order goes when the buyer chose an entry of their company's address book: the entry as it is now, copied
 * onto the order (later edits of the book never move a placed order), its phone unless it has none. The address
 * typed beside it is ignored: the book's copy is what ships. Without a choice, what was typed.
 */
export async function destinationOf(
  tx: Database,
  userId: string,
  given: { address: string; phone: string; addressId?: string | null },
): Promise<{ address: string; phone: string; shipTo: ShipToAddress | null }> {
  if (!given.addressId) return { address: given.address, phone: given.phone, shipTo: null };
  const shipTo = await shipToFromBook(tx, userId, given.addressId);
  if (!shipTo) throw badRequest(CHOOSE_COMPANY_ADDRESS, { addressId: CHOOSE_COMPANY_ADDRESS });
  const phone = shipTo.phone ?? given.phone;
  if (!phone) throw badRequest('Phone Number is Required', { phone: 'Phone Number is Required' });
  return { address: formatShipTo(shipTo), phone, shipTo };
}
