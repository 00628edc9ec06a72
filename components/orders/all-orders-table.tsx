'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import useSWR from 'swr';
import { errorMessage } from '@/components/forms/error-message';
import {
  ORDER_SUMMARY_COLUMNS,
  OrderCardTitle,
  ShippingCell,
} from '@/components/orders/order-cells';
import { DataTable, type Column } from '@/components/tables/data-table';
import { ListFallback } from '@/components/tables/list-fallback';
import { Pager } from '@/components/tables/pager';
import { apiRequest, fetcher } from '@/lib/client/api';
import type { OrderDto } from '@/lib/types';

const PAGE_SIZE = 50;

export function AllOrdersTable() {
  const [page, setPage] = useState(1);
  const {
    data: orders,
    error,
    mutate,
  } = useSWR<OrderDto[]>(`/api/order?page=${page}&limit=${PAGE_SIZE}`, fetcher);
  const [busyId, setBusyId] = useState<string | null>(null);

  if (!orders) return <ListFallback error={error} what="the orders" onRetry={() => mutate()} />;
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

  const first = (page - 1) * PAGE_SIZE + 1;
  const columns: Column<OrderDto>[] = [
    // SPEC §2's index, then the order's number and date, SPEC's columns and its status cell.
    { header: '#', rowHeader: true, card: 'none', cell: (_order, _view, index) => first + index },
    ...ORDER_SUMMARY_COLUMNS,
    {
      header: 'Status',
      card: 'action',
      cell: (order) => <ShippingCell order={order} busy={busyId === order._id} onShip={ship} />,
    },
  ];

  return (
    <div className="flex flex-col gap-3">
      <DataTable
        caption="All orders"
        columns={columns}
        rows={orders}
        rowKey={(order) => order._id}
        cardTitle={(order, view) => <OrderCardTitle order={order} view={view} />}
      />
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
