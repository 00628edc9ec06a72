import { formatPieces } from '@/lib/format';
import { QUANTITY_MESSAGES } from '@/lib/validation/quantity';

/** A tool's state today, as a cart line or a checkout sees it. */
export interface ToolLimits {
  deletedAt: Date | null;
  quantity: number;
  minQuantity: number;
}

/** A line whose tool left the catalogue. */
export const NO_LONGER_SOLD = 'This tool is no longer sold: remove it from the cart';

/**
 * Why `quantity` pieces of this tool can not be ordered today, or undefined when they can: the order form's rules,
 * with today's figure, so that a line whose tool changed since it was added says what to change.
 */
export function lineProblem(tool: ToolLimits | undefined, quantity: number): string | undefined {
  if (!tool || tool.deletedAt) return NO_LONGER_SOLD;
  if (tool.quantity < tool.minQuantity || tool.quantity === 0) return 'This tool is out of stock';
  if (quantity > tool.quantity) {
    return `${QUANTITY_MESSAGES.aboveStock} (${formatPieces(tool.quantity)} left)`;
  }
  if (quantity < tool.minQuantity) {
    return `${QUANTITY_MESSAGES.belowMinimum} (${formatPieces(tool.minQuantity)})`;
  }
  return undefined;
}
