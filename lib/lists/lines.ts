import { inArray } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { tools } from '@/lib/db/schema';
import { badRequest } from '@/lib/errors';
import type { ListLineInput } from '@/lib/validation/lists';

/**
 * The lines as sent, each tool found by its SKU or id among the tools on sale: an unknown one is a 400 on its field
 * (`lines.N.sku` or `lines.N.toolId`), so nothing is written. The same tool twice is one line of both quantities.
 */
export async function resolveLines(
  db: Database,
  lines: readonly ListLineInput[],
): Promise<{ toolId: string; quantity: number }[]> {
  const skus = lines.flatMap((line) => (line.toolId ? [] : [line.sku!.toUpperCase()]));
  const ids = lines.flatMap((line) => (line.toolId ? [line.toolId] : []));
  const found = [
    ...(skus.length ? await db.select().from(tools).where(inArray(tools.sku, skus)) : []),
    ...(ids.length ? await db.select().from(tools).where(inArray(tools.id, ids)) : []),
  ].filter((tool) => !tool.deletedAt);
  const bySku = new Map(found.map((tool) => [tool.sku, tool.id]));
  const byId = new Set(found.map((tool) => tool.id));
  const merged = new Map<string, number>();
  lines.forEach((line, index) => {
    const toolId = line.toolId
      ? byId.has(line.toolId)
        ? line.toolId
        : undefined
      : bySku.get(line.sku!.toUpperCase());
    if (!toolId) {
      const field = line.toolId ? 'toolId' : 'sku';
      const message = line.toolId ? 'Unknown tool' : `${line.sku!.toUpperCase()}: Unknown SKU`;
      throw badRequest(message, { [`lines.${index}.${field}`]: message });
    }
    merged.set(toolId, (merged.get(toolId) ?? 0) + line.quantity);
  });
  return [...merged].map(([toolId, quantity]) => ({ toolId, quantity }));
}
