import { and, eq, isNull } from 'drizzle-orm';
import { cachedRead } from '@/lib/cache';
import { tools } from '@/lib/db/schema';
import { readFromReplica } from '@/lib/db/replica';
import { notFound } from '@/lib/errors';
import { toolColumns } from '@/lib/tools/catalogue';
import { toToolDto } from '@/lib/db/rest-shapes';
import type { ToolDto } from '@/lib/types';
import { skuSchema } from '@/lib/validation/sku';

async function readToolBySku(sku: string): Promise<ToolDto | null> {
  const [tool] = await readFromReplica((db) =>
    db
      .select(toolColumns)
      .from(tools)
      .where(and(eq(tools.sku, sku), isNull(tools.deletedAt))),
  );
  return tool ? toToolDto(tool) : null;
}

const cachedToolBySku = cachedRead('tools:by-sku', 'tools', readToolBySku);

/**
 * The catalogue tool with this part number (public, in any case: "tool-1001" finds TOOL-1001); 404 for a malformed,
 * unknown or removed one.
 */
export async function getToolBySku(sku: string): Promise<ToolDto> {
  const parsed = skuSchema.safeParse(sku);
  const tool = parsed.success ? await cachedToolBySku(parsed.data) : null;
  if (!tool) throw notFound('Tool not found');
  return tool;
}
