'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import useSWR from 'swr';
import { errorMessage } from '@/components/forms/error-message';
import { OrderSummaryCells, ShippingCell } from '@/components/orders/order-cells';
import { ListFallback } from '@/components/tables/list-fallback';
import { Pager } from '@/components/tables/pager';
import { TableFrame } from '@/components/tables/table-frame';
import { apiRequest, fetcher } from '@/lib/client/api';
import type { OrderDto } from '@/lib/types';

const HEADERS = ['#', 'Name', 'Email', 'Product', 'Price', 'Quantity', 'Total', 'Status'] as const;
const PAGE_SIZE = 50;

export function AllOrdersTable() {
  const [page, setPage] = useState(1);
  const {
    data: orders,
    error,
    mutate,
  } = useSWR<OrderDto[]>(`/api/order?page=${page}&limit=${PAGE_SIZE}`, fetcher);
  const [busyId, setBusyId] = useState<string | null>(null);

  if (!orders) return <ListFallback error={error} />;
  if (orders.length === 0 && page === 1) return <p>There are no orders yet.</p>;

  async function ship(order: OrderDto) {
    setBusyId(order._id);
    try {
      await apiRequest('PUT', `/api/order/shipped/${order._id}`);
      toast.success('Order marked as shipped');
      await mutate();
    } catch (cause) {
      toast.error(errorMessage(cause));
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <TableFrame caption="All orders" headers={HEADERS}>
        {orders.map((order, index) => (
          <tr key={order._id}>
            <th scope="row">{(page - 1) * PAGE_SIZE + index + 1}</th>
            <OrderSummaryCells order={order} />
            <td>
              <ShippingCell order={order} busy={busyId === order._id} onShip={ship} />
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
    </div>
  );
}
