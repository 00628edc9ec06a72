'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import useSWR from 'swr';
import { OrderAgainButton } from '@/components/cart/order-again-button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CheckoutHeading } from '@/components/orders/checkout-heading';
import { errorMessage } from '@/components/forms/error-message';
import {
  ORDER_SUMMARY_COLUMNS,
  OrderStatusBadge,
  PaymentCell,
  productLabelId,
} from '@/components/orders/order-cells';
import { ORDER_PAGE_SIZE, PagedOrderTable } from '@/components/orders/paged-order-table';
import type { Column, View } from '@/components/tables/data-table';
import { ListFallback } from '@/components/tables/list-fallback';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { EmptyState } from '@/components/ui/empty-state';
import { fetcher, apiRequest } from '@/lib/client/api';
import { formatCheckoutNumber, formatOrderNumber } from '@/lib/format';
import type { OrderDto } from '@/lib/types';

const OWN_COLUMNS = new Set(['Name', 'Email']);

/** How many lines of each order this page shows: an order of several is paid and cancelled from its heading. */
const linesPerOrder = (orders: readonly OrderDto[]) => {
  const counts = new Map<string, number>();
  for (const order of orders) counts.set(order.checkoutId, (counts.get(order.checkoutId) ?? 0) + 1);
  return counts;
};

export function MyOrdersTable({ email }: { email: string }) {
  const [page, setPage] = useState(1);
  const {
    data: orders,
    error,
    mutate,
  } = useSWR<OrderDto[]>(
    `/api/order/${encodeURIComponent(email)}?page=${page}&limit=${ORDER_PAGE_SIZE}`,
    fetcher,
  );
  const [asking, setAsking] = useState<OrderDto | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  if (!orders) return <ListFallback error={error} what="your orders" onRetry={() => mutate()} />;
  const counts = linesPerOrder(orders);
  const grouped = (order: OrderDto) => (counts.get(order.checkoutId) ?? 0) > 1;
  // An order of several lines is ordered again from its heading; an order of one line, from its row.
  const orderAgain = (order: OrderDto, view: View) =>
    grouped(order) ? null : (
      <OrderAgainButton target={{ orderId: order._id }} describedBy={productLabelId(order, view)} />
    );
  if (orders.length === 0 && page === 1) {
    return (
      <EmptyState
        message="You have no orders yet."
        action={{ href: '/tools', label: 'See our available tools' }}
      />
    );
  }

  async function cancel(order: OrderDto) {
    setAsking(null);
    setBusyId(order._id);
    try {
      await apiRequest('DELETE', `/api/order/${order._id}`);
      toast.success('Order cancelled');
      await mutate();
    } catch (cause) {
      toast.error(errorMessage(cause));
      // A refused cancellation may have found the order paid: show it as it now is.
      void mutate();
    } finally {
      setBusyId(null);
    }
  }

  // My Orders' columns (docs/PRODUCT.md, The dashboard), with the order's status before its Payment and Cancel actions.
  // Name and Email are the buyer's own on every row: the page says them once above the list, and the table keeps them
  // for screen readers only.
  const columns: Column<OrderDto>[] = [
    ...ORDER_SUMMARY_COLUMNS.map((column): Column<OrderDto> => {
      if (OWN_COLUMNS.has(column.header)) return { ...column, visuallyHidden: true };
      // Order again sits under the order's number: the table keeps the columns docs/PRODUCT.md lists.
      if (column.header !== 'Order') return column;
      return {
        ...column,
        cell: (order, view, index) => (
          <div className="flex flex-col items-start gap-1">
            {column.cell(order, view, index)}
            {orderAgain(order, view)}
          </div>
        ),
      };
    }),
    { header: 'Status', cell: (order) => <OrderStatusBadge order={order} /> },
    {
      header: 'Payment',
      // The lines of an order of several are paid and cancelled together, from its heading.
      cell: (order, view) =>
        grouped(order) && !order.paid ? (
          <span className="text-xs">With its order</span>
        ) : (
          <PaymentCell order={order} view={view} />
        ),
      card: 'action',
    },
    {
      header: 'Cancel',
      card: 'action',
      cell: (order, view) =>
        grouped(order) ? null : (
          <button
            type="button"
            className={`${BUTTON.destructive} ${ROW_BUTTON}`}
            disabled={order.paid || busyId === order._id}
            aria-describedby={productLabelId(order, view)}
            onClick={() => setAsking(order)}
          >
            Cancel
          </button>
        ),
    },
    { header: 'Again', only: 'card', card: 'action', cell: orderAgain },
  ];

  return (
    <div className="flex flex-col gap-3">
      <PagedOrderTable
        caption="My orders"
        columns={columns}
        orders={orders}
        page={page}
        onPage={setPage}
        checkoutHeading={{
          keyOf: (order) => (grouped(order) ? order.checkoutId : null),
          heading: (lines, view) => (
            <CheckoutHeading
              orders={lines}
              view={view}
              busy={busyId === lines[0]?._id}
              onCancel={setAsking}
            />
          ),
        }}
      />
      <ConfirmDialog
        title={
          asking
            ? grouped(asking)
              ? `Cancel order ${formatCheckoutNumber(asking.checkoutNumber)}?`
              : `Cancel order ${formatOrderNumber(asking.number)}?`
            : undefined
        }
        message={
          asking && grouped(asking)
            ? `Are you sure? Every line of order ${formatCheckoutNumber(asking.checkoutNumber)} is cancelled with it.`
            : 'Are you sure?'
        }
        open={asking !== null}
        confirmLabel="Yes, cancel it"
        dismissLabel="No, keep it"
        onConfirm={() => asking && cancel(asking)}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
