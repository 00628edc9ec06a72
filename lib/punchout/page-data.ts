import { cookies } from 'next/headers';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { companies, tools } from '@/lib/db/schema';
import { lineProblem } from '@/lib/cart/problems';
import { pricedCart, punchoutCatalogue } from './cart';
import { PUNCHOUT_COOKIE, sessionOfCookie } from './sessions';

/** Everything the punch-out page shows, for the session its cookie names (null: no session). */
export async function punchoutPageData(search: { q?: string; refused?: string; wanted?: string }) {
  const db = getDb();
  const session = await sessionOfCookie(db, (await cookies()).get(PUNCHOUT_COOKIE)?.value);
  if (!session) return null;
  const q = search.q ?? '';
  const [[company], catalogue, cart] = await Promise.all([
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, session.companyId)),
    punchoutCatalogue(db, session, q),
    pricedCart(db, session),
  ]);
  return {
    session,
    companyName: company?.name ?? '',
    q,
    catalogue,
    cart,
    refusal: await refusalOf(search.refused, search.wanted),
  };
}

/** The tool a cart form just refused and why, recomputed here rather than carried as text in the address. */
async function refusalOf(toolId: string | undefined, wanted: string | undefined) {
  if (!toolId || !/^[0-9a-f-]{36}$/.test(toolId)) return null;
  const [tool] = await getDb().select().from(tools).where(eq(tools.id, toolId));
  const quantity = Number(wanted);
  const reason = Number.isInteger(quantity)
    ? lineProblem(tool, quantity)
    : 'Order quantity must be a whole number of pieces';
  return tool && reason ? { name: tool.name, reason } : null;
}
