'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import useSWR from 'swr';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/components/forms/error-message';
import { InvoiceLink, PackingSlipLink } from '@/components/orders/document-links';
import { ORDER_SUMMARY_COLUMNS, ShippingCell, ShipToCell } from '@/components/orders/order-cells';
import { OrderFilters, useOrderFilters } from '@/components/orders/order-filters';
import { ORDER_PAGE_SIZE, PagedOrderTable } from '@/components/orders/paged-order-table';
import type { Column, View } from '@/components/tables/data-table';
import { ListFallback } from '@/components/tables/list-fallback';
import { apiRequest, fetcher } from '@/lib/client/api';
import { formatCheckoutNumber, formatOrderNumber } from '@/lib/format';
import type { OrderDto } from '@/lib/types';

export function AllOrdersTable() {
  const filters = useOrderFilters();
  const filterQuery = filters.toString();
  const [paging, setPaging] = useState({ page: 1, filterQuery });
  // A new filter starts again on the first page.
  const page = paging.filterQuery === filterQuery ? paging.page : 1;
  const setPage = (next: number) => setPaging({ page: next, filterQuery });
  const listQuery = new URLSearchParams(filters);
  listQuery.set('page', String(page));
  listQuery.set('limit', String(ORDER_PAGE_SIZE));
  const { data: orders, error, mutate } = useSWR<OrderDto[]>(`/api/order?${listQuery}`, fetcher);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [asking, setAsking] = useState<OrderDto | null>(null);

  const filterForm = <OrderFilters key={filterQuery} filters={filters} />;
  if (!orders) {
    return (
      <div className="flex flex-col gap-3">
        {filterForm}
        <ListFallback error={error} what="the orders" onRetry={() => mutate()} />
      </div>
    );
  }
  if (orders.length === 0 && page === 1) {
    return (
      <div className="flex flex-col gap-3">
        {filterForm}
        <p>{filterQuery ? 'No orders match these filters.' : 'There are no orders yet.'}</p>
      </div>
    );
  }

  async function ship(order: OrderDto) {
    setAsking(null);
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

  const first = (page - 1) * ORDER_PAGE_SIZE + 1;
  const columns: Column<OrderDto>[] = [
    // The index, then the order's number and date, All Orders' columns and its status cell (docs/PRODUCT.md).
    { header: '#', rowHeader: true, card: 'none', cell: (_order, _view, index) => first + index },
    // A checkout's number and PO sit under the order's own number: an eleventh column would not fit beside the menu.
    ...ORDER_SUMMARY_COLUMNS.map((column) =>
      column.header === 'Order'
        ? {
            ...column,
            cell: (order: OrderDto, view: View, index: number) => (
              <div className="flex flex-col gap-1">
                {column.cell(order, view, index)}
                {order.checkoutNumber || order.poNumber ? <CheckoutCell order={order} /> : null}
                <InvoiceLink order={order} />
                <PackingSlipLink order={order} />
              </div>
            ),
          }
        : column,
    ),
    { header: 'Checkout', only: 'card', cell: (order) => <CheckoutCell order={order} /> },
    {
      header: 'Papers',
      only: 'card',
      cell: (order) => (
        <div className="flex flex-col">
          <InvoiceLink order={order} />
          <PackingSlipLink order={order} />
        </div>
      ),
    },
    { header: 'Ship to', cell: (order) => <ShipToCell order={order} /> },
    {
      header: 'Status',
      card: 'action',
      cell: (order, view) => (
        <ShippingCell order={order} view={view} busy={busyId === order._id} onShip={setAsking} />
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-3">
      {filterForm}
      <PagedOrderTable
        caption="All orders"
        columns={columns}
        orders={orders}
        page={page}
        onPage={setPage}
      />
      <ConfirmDialog
        title={asking ? `Mark order ${formatOrderNumber(asking.number)} shipped?` : undefined}
        message="Are you sure?"
        open={asking !== null}
        tone="primary"
        confirmLabel="Yes, it has shipped"
        dismissLabel="No, not yet"
        onConfirm={() => asking && ship(asking)}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}

/** The checkout an order is a line of, and the buyer's PO number (both searchable above). */
function CheckoutCell({ order }: { order: OrderDto }) {
  if (!order.checkoutNumber && !order.poNumber) return <span aria-label="None">—</span>;
  return (
    <div className="flex flex-col text-xs">
      {order.checkoutNumber && (
        <span className="font-semibold">{formatCheckoutNumber(order.checkoutNumber)}</span>
      )}
      {order.poNumber && <span className="break-all">PO {order.poNumber}</span>}
    </div>
  );
}
