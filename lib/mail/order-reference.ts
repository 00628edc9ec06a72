import { formatOrderNumber } from '@/lib/format';

/** How mails name an order: its number, as everywhere else in the shop ("#1042"). */
export const orderReference = (order: { number: number }) => formatOrderNumber(order.number);
