import { OrderCardTitle } from '@/components/orders/order-cells';
import { DataTable, type Column, type View } from '@/components/tables/data-table';
import { Pager } from '@/components/tables/pager';
import type { OrderDto } from '@/lib/types';

/** Orders are read this many at a time, in My Orders and All Orders alike. */
export const ORDER_PAGE_SIZE = 50;

interface PagedOrderTableProps {
  caption: string;
  columns: Column<OrderDto>[];
  orders: OrderDto[];
  page: number;
  onPage: (page: number) => void;
  /** Groups the lines of an order of several under one heading (My Orders); `keyOf` null leaves a row alone. */
  checkoutHeading?: {
    keyOf: (order: OrderDto) => string | null;
    heading: (orders: OrderDto[], view: View) => React.ReactNode;
  };
}

/** One page of orders (a table, or one card per order on phones) and the pager under it. */
export function PagedOrderTable({
  caption,
  columns,
  orders,
  page,
  onPage,
  checkoutHeading,
}: PagedOrderTableProps) {
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={orders}
        rowKey={(order) => order._id}
        cardTitle={(order, view) => <OrderCardTitle order={order} view={view} />}
        group={checkoutHeading}
      />
      <Pager
        label="Order pages"
        page={page}
        pageSize={ORDER_PAGE_SIZE}
        shown={orders.length}
        onPage={onPage}
      />
    </>
  );
}
