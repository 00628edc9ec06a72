import { invalidate } from '@/lib/cache';
import { forgetOrderCount } from '@/lib/db/order-count';

/** After an order is placed or cancelled: stock changed on the public pages, and the order count moved. */
export function ordersChanged(): void {
  forgetOrderCount();
  invalidate('tools');
}
