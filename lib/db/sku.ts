import { sql, type SQL } from 'drizzle-orm';

/**
 * The part number the shop gives a tool created without one: the first word of its name, upper-case, and the next
 * number of a sequence ("TORQUE-1004"). The migration that introduced SKUs gave existing tools theirs the same way.
 */
export const assignedSkuSql = (name: string): SQL =>
  sql`upper(left(coalesce(substring(${name}::text from '[A-Za-z]{2,}'), 'TOOL'), 10)) || '-' || nextval('tool_sku_seq')`;
