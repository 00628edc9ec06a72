import type { Order } from '@/lib/db/schema';
import { toDollars } from '@/lib/money';
import type { OrderDto } from '@/lib/types';

export function toOrderDto(order: Order): OrderDto {
  return {
    _id: order.id,
    number: order.number,
    toolId: order.toolId,
    name: order.productName,
    sku: order.sku,
    price: toDollars(order.unitPriceCents),
    quantity: order.quantity,
    total: toDollars(order.totalCents),
    email: order.email,
    userName: order.userName,
    address: order.address,
    phone: order.phone,
    paid: order.paid,
    transactionId: order.transactionId,
    paidAt: order.paidAt?.toISOString() ?? null,
    shipped: order.shipped,
    createdAt: order.createdAt.toISOString(),
  };
}
