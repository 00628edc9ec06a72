'use client';

import Link from 'next/link';
import { useState } from 'react';
import { toast } from 'sonner';
import useSWR from 'swr';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/components/forms/error-message';
import { OrderSummaryCells, PaymentCell, productCellId } from '@/components/orders/order-cells';
import { ListFallback } from '@/components/tables/list-fallback';
import { Pager } from '@/components/tables/pager';
import { TableFrame } from '@/components/tables/table-frame';
import { apiRequest, fetcher } from '@/lib/client/api';
import type { OrderDto } from '@/lib/types';

const HEADERS = [
  'Name',
  'Email',
  'Product',
  'Price',
  'Quantity',
  'Total',
  'Payment',
  'Cancel',
] as const;
const PAGE_SIZE = 50;

export function MyOrdersTable({ email }: { email: string }) {
  const [page, setPage] = useState(1);
  const {
    data: orders,
    error,
    mutate,
  } = useSWR<OrderDto[]>(
    `/api/order/${encodeURIComponent(email)}?page=${page}&limit=${PAGE_SIZE}`,
    fetcher,
  );
  const [asking, setAsking] = useState<OrderDto | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  if (!orders) return <ListFallback error={error} />;
  if (orders.length === 0 && page === 1) {
    return (
      <p>
        You have no orders yet.{' '}
        <Link href="/#tools" className="link link-primary">
          See our available tools
        </Link>
      </p>
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

  return (
    <div className="flex flex-col gap-3">
      <TableFrame caption="My orders" headers={HEADERS}>
        {orders.map((order) => (
          <tr key={order._id}>
            <OrderSummaryCells order={order} />
            <td>
              <PaymentCell order={order} />
            </td>
            <td>
              <button
                type="button"
                className="btn btn-error btn-outline btn-xs"
                disabled={order.paid || busyId === order._id}
                aria-describedby={productCellId(order)}
                onClick={() => setAsking(order)}
              >
                Cancel
              </button>
            </td>
          </tr>
        ))}
      </TableFrame>
      <Pager
        label="Order pages"
        page={page}
        pageSize={PAGE_SIZE}
        shown={orders.length}
        onPage={setPage}
      />
      <ConfirmDialog
        message="Are you sure?"
        open={asking !== null}
        confirmLabel="Yes, cancel it"
        dismissLabel="No, keep it"
        onConfirm={() => asking && cancel(asking)}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
