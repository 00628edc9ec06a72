/** A tool whose stock no longer covers one minimum order can not be ordered: it shows "Out of stock" and sorts last. */
export const isOutOfStock = (tool: { quantity: number; min_quantity: number }) =>
  tool.quantity < tool.min_quantity;
