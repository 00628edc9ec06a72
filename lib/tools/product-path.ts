import type { Route } from 'next';
import type { ToolDto } from '@/lib/types';

/** The address of a tool's public product page: its part number, which people quote and search engines keep. */
export const productPath = (tool: Pick<ToolDto, 'sku'>): Route<`/products/${string}`> =>
  `/products/${tool.sku}`;
