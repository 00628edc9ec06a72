import type { Actor } from '@/lib/auth/actor';
import { getDb, type Database } from '@/lib/db/client';
import { companyPriceListOf } from '@/lib/db/company-pricing';
import { toDollars } from '@/lib/money';
import type { MyPricesDto } from '@/lib/types';

const NONE: MyPricesDto = { discountPercent: 0, prices: [] };

/**
 * The caller's own prices of these tools: their company's list prices and discount, which the pages apply with
 * `unitPriceCents` to the catalogue's prices they already show. A visitor and an account outside a company with
 * prices get none; the answer is the caller's alone and is never cached (the public pages stay cached without it).
 */
export async function myPrices(
  actor: Actor | null,
  toolIds: readonly string[],
  db: Database = getDb(),
): Promise<MyPricesDto> {
  const list = await companyPriceListOf(db, actor?.userId ?? null, toolIds);
  if (!list) return NONE;
  return {
    discountPercent: list.discountBasisPoints / 100,
    prices: [...list.listPrices].map(([toolId, cents]) => ({ toolId, price: toDollars(cents) })),
  };
}
