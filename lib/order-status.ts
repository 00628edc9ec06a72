// The one status language of an order (docs/DESIGN-SYSTEM.md, Statuses): the same six names for the buyer and the
// admin, on every list and page, in the mails and in All Orders' status filter. Colours live beside the badge
// (components/ui/status-badge.tsx); names and the rule that picks one live here, so mails can say them too.

export const ORDER_STATES = [
  'awaiting_approval',
  'unpaid',
  'paid',
  'partially_shipped',
  'shipped',
  'cancelled',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  awaiting_approval: 'Awaiting approval',
  unpaid: 'Unpaid',
  paid: 'Paid',
  partially_shipped: 'Partially shipped',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

/** Where the goods are, as an order document reports it (lib/orders/document-view.ts, `shippingStatusOf`). */
type Shipping = 'placed' | 'partially_shipped' | 'shipped' | 'cancelled';

/**
 * The state of an order: its goods once any have left (an order on terms ships before it is paid; its money is said
 * beside the state, "Due {day}"), else whether it still waits for its company's approval, else whether it is paid.
 */
export function orderStateOf(order: {
  paid: boolean;
  status: Shipping;
  awaitingApproval?: boolean;
}): OrderState {
  if (order.status !== 'placed') return order.status;
  if (order.awaitingApproval) return 'awaiting_approval';
  return order.paid ? 'paid' : 'unpaid';
}

/**
 * All Orders' status filter (`status=` of GET /api/order): each value named by the state it finds. "Awaiting approval"
 * finds the orders a company's approver has still to judge, "Unpaid" the others not paid; "Paid" finds the paid
 * orders with pieces still to ship, so a partially shipped one too; "Shipped" the ones shipped in full.
 */
export const ORDER_STATUS_FILTERS = [
  { value: 'awaiting-approval', state: 'awaiting_approval' },
  { value: 'unpaid', state: 'unpaid' },
  { value: 'to-ship', state: 'paid' },
  { value: 'shipped', state: 'shipped' },
] as const satisfies readonly { value: string; state: OrderState }[];
