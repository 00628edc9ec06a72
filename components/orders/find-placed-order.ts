import { apiRequest } from '@/lib/client/api';
import type { OrderDto } from '@/lib/types';
import type { OrderFormInput } from '@/lib/validation/orders';
import type { PlacedOrder } from './order-placed';

// How far the server's clock may be off this browser's when matching an order placed just now.
const CLOCK_SLACK_MS = 5 * 60 * 1000;

/**
 * After an order request got no answer: did it reach the shop? Looks for this customer's order of the same tool,
 * quantity and address placed since the request was sent, other than those this page has already confirmed.
 * Throws when the shop can still not be reached.
 */
export async function findPlacedOrder(
  email: string,
  toolId: string,
  values: OrderFormInput,
  since: { sentAt: number; known: ReadonlySet<string> },
): Promise<PlacedOrder | null> {
  const recent = await apiRequest<OrderDto[]>(
    'GET',
    `/api/order/${encodeURIComponent(email)}?page=1&limit=10`,
  );
  const match = recent.find(
    (order) =>
      !since.known.has(order._id) &&
      order.toolId === toolId &&
      order.quantity === values.quantity &&
      order.address === values.address &&
      Date.parse(order.createdAt) >= since.sentAt - CLOCK_SLACK_MS,
  );
  return match ? { id: match._id, number: match.number } : null;
}
