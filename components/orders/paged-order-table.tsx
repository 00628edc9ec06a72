import type { Route } from 'next';
import { OrderCardTitle } from '@/components/orders/order-cells';
import { DataTable, type Column, type View } from '@/components/tables/data-table';
import { Pager } from '@/components/tables/pager';
import type { OrderDto } from '@/lib/types';

/** My Orders' lines are read this many at a time. */
export const ORDER_PAGE_SIZE = 50;

interface PagedOrderTableProps {
  caption: string;
  columns: Column<OrderDto>[];
  orders: OrderDto[];
  /** how many rows the page's answer held (a short page is the last) */
  shown: number;
  page: number;
  hrefOf: (page: number) => Route;
  /** The order a line is shown under with its other lines (null: a row of its own). */
  groupOf: (order: OrderDto) => string | null;
  groupHeading: (orders: OrderDto[], view: View) => React.ReactNode;
}

/** One page of My Orders' lines (a table, or one card per line on phones), grouped by order, and the pager under it. */
export function PagedOrderTable({
  caption,
  columns,
  orders,
  shown,
  page,
  hrefOf,
  groupOf,
  groupHeading,
}: PagedOrderTableProps) {
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={orders}
        rowKey={(order) => order._id}
        cardTitle={(order, view) => <OrderCardTitle order={order} view={view} />}
        group={{ keyOf: groupOf, heading: groupHeading }}
      />
      <Pager
        label="Order pages"
        page={page}
        pageSize={ORDER_PAGE_SIZE}
        shown={shown}
        hrefOf={hrefOf}
      />
    </>
  );
}
