import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '@/lib/db/client';
import { unitPriceSql } from '@/lib/db/pricing';
import { savingsCents, unitPriceCents } from '@/lib/tools/pricing';

const BASE = 1000;
// Given out of order on purpose: the highest break reached wins, whatever the order.
const BREAKS = [
  { minQuantity: 1000, priceCents: 800 },
  { minQuantity: 100, priceCents: 950 },
  { minQuantity: 500, priceCents: 900 },
];

// One below, at and one above every threshold.
const CASES: [quantity: number, unit: number][] = [
  [1, 1000],
  [99, 1000],
  [100, 950],
  [101, 950],
  [499, 950],
  [500, 900],
  [501, 900],
  [999, 900],
  [1000, 800],
  [1001, 800],
];

describe('unitPriceCents and savingsCents', () => {
  it.each(CASES)('%i pieces cost %i cents each', (quantity, unit) => {
    expect(unitPriceCents(BASE, BREAKS, quantity)).toBe(unit);
    expect(savingsCents(BASE, BREAKS, quantity)).toBe((BASE - unit) * quantity);
  });

  it('is the base price without breaks', () => {
    expect(unitPriceCents(BASE, [], 10_000)).toBe(BASE);
    expect(savingsCents(BASE, [], 10_000)).toBe(0);
  });
});

describe('unitPriceSql', () => {
  it('prices every boundary as unitPriceCents does, in one query', async () => {
    const breaks = JSON.stringify(BREAKS);
    const rows = await queryRows<{ quantity: number; unit: number }>(
      getDb(),
      sql`SELECT q AS quantity,
        ${unitPriceSql(sql`${BASE}::int`, sql`${breaks}::jsonb`, sql`q`)} AS unit
        FROM unnest(${`{${CASES.map(([quantity]) => quantity).join(',')}}`}::int[]) AS q`,
    );
    expect(rows.map((row) => [row.quantity, row.unit])).toEqual(
      CASES.map(([quantity]) => [quantity, unitPriceCents(BASE, BREAKS, quantity)]),
    );
  });

  it('is the base price without breaks', async () => {
    const [row] = await queryRows<{ unit: number }>(
      getDb(),
      sql`SELECT ${unitPriceSql(sql`${BASE}::int`, sql`'[]'::jsonb`, sql`${10_000}::int`)} AS unit`,
    );
    expect(row?.unit).toBe(BASE);
  });
});
