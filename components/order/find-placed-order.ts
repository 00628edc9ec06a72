import { apiRequest } from '@/lib/client/api';
import type { OrderDto } from '@/lib/types';
import type { OrderFormInput } from '@/lib/validation';
import type { PlacedOrder } from './order-placed';

// How far the server's clock may be off this browser's when matching an order placed just now.
const CLOCK_SLACK_MS = 5 * 60 * 1000;

/**
 * After an order request got no answer: did it reach the shop? Looks for this customer's order of the same tool,
 * quantity and address placed since the request was sent. Throws when the shop can still not be reached.
 */
export async function findPlacedOrder(
  email: string,
  toolId: string,
  values: OrderFormInput,
  sentAt: number,
): Promise<PlacedOrder | null> {
  const recent = await apiRequest<OrderDto[]>(
    'GET',
    `/api/order/${encodeURIComponent(email)}?page=1&limit=10`,
  );
  const match = recent.find(
    (order) =>
      order.toolId === toolId &&
      order.quantity === values.quantity &&
      order.address === values.address &&
      Date.parse(order.createdAt) >= sentAt - CLOCK_SLACK_MS,
  );
  return match ? { id: match._id, number: match.number } : null;
}
