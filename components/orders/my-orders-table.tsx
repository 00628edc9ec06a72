'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import useSWR from 'swr';
import { OrderAgainButton } from '@/components/cart/order-again-button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DocumentHeading } from '@/components/orders/document-heading';
import { LineShipments } from '@/components/orders/line-shipments';
import { errorMessage } from '@/components/forms/error-message';
import {
  DocumentStatusBadge,
  ORDER_SUMMARY_COLUMNS,
  OrderStatusBadge,
  PaymentCell,
  productLabelId,
} from '@/components/orders/order-cells';
import { ORDER_PAGE_SIZE, PagedOrderTable } from '@/components/orders/paged-order-table';
import type { Column, View } from '@/components/tables/data-table';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { EmptyState } from '@/components/ui/empty-state';
import { fetcher, apiRequest } from '@/lib/client/api';
import { formatCheckoutNumber, formatOrderNumber } from '@/lib/format';
import type { OrderDocumentDto, OrderDto } from '@/lib/types';

const OWN_COLUMNS = new Set(['Name', 'Email']);

/** The order document a line belongs to. */
const documentKey = (order: OrderDto) => order.checkoutId;

/**
 * The page's lines with each order's lines together, in the order they were placed (by line number): the list
 * answers newest first, and the lines of one order share their moment.
 */
function byDocument(orders: readonly OrderDto[]): OrderDto[] {
  const groups = new Map<string, OrderDto[]>();
  for (const order of orders) {
    const key = documentKey(order);
    groups.set(key, [...(groups.get(key) ?? []), order]);
  }
  return [...groups.values()].flatMap((lines) => lines.sort((a, b) => a.number - b.number));
}

/** One page of My Orders as the server read it: the lines (docs/PRODUCT.md's list) and their order documents. */
export interface MyOrdersPage {
  page: number;
  orders: OrderDto[];
  documents: OrderDocumentDto[];
}

/**
 * My Orders: rendered on the server from the page it read (it works without JavaScript), then kept fresh by the same
 * REST calls (a cancellation reads them again).
 */
export function MyOrdersTable({ email, initial }: { email: string; initial: MyOrdersPage }) {
  const { page } = initial;
  // The server's page is the data until SWR reads it again: the list is never without rows to show.
  const { data: orders = initial.orders, mutate } = useSWR<OrderDto[]>(
    `/api/order/${encodeURIComponent(email)}?page=${page}&limit=${ORDER_PAGE_SIZE}`,
    fetcher,
    { fallbackData: initial.orders },
  );
  const keys = [...new Set(orders.map(documentKey))];
  // The money, papers and shipments of the page's orders, read beside the list (which keeps docs/PRODUCT.md's shape).
  const { data: documents, mutate: mutateDocuments } = useSWR<OrderDocumentDto[]>(
    keys.length > 0 ? `/api/orders/documents?ids=${keys.join(',')}` : null,
    fetcher,
    { fallbackData: initial.documents },
  );
  const [asking, setAsking] = useState<OrderDto | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  if (orders.length === 0 && page === 1) {
    return (
      <EmptyState
        message="You have no orders yet."
        action={{ href: '/tools', label: 'See our available tools' }}
      />
    );
  }

  const documentOf = new Map((documents ?? []).map((document) => [document.id, document]));
  const lines = byDocument(orders);
  const sizeOf = new Map<string, number>();
  for (const order of lines)
    sizeOf.set(documentKey(order), (sizeOf.get(documentKey(order)) ?? 0) + 1);
  // An order of many lines, or one with a PO number, on net terms or waiting for approval (a business's order), is
  // paid, cancelled and ordered again from its heading; an order of one line as the tool page places it, from its row.
  const headed = (order: OrderDto) =>
    (sizeOf.get(documentKey(order)) ?? 0) > 1 ||
    Boolean(
      order.poNumber || order.dueDate || documentOf.get(documentKey(order))?.awaitingApproval,
    );
  const orderAgain = (order: OrderDto, view: View) =>
    headed(order) ? null : (
      <OrderAgainButton target={{ orderId: order._id }} describedBy={productLabelId(order, view)} />
    );

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
      void mutateDocuments();
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
    {
      header: 'Status',
      cell: (order) => (
        <>
          {/* An order of one line: its document's state (partly shipped too); a line of many: its own. */}
          {!headed(order) && documentOf.get(documentKey(order)) ? (
            <DocumentStatusBadge document={documentOf.get(documentKey(order))!} />
          ) : (
            <OrderStatusBadge order={order} />
          )}
          <LineShipments
            orderId={order._id}
            shipments={documentOf.get(documentKey(order))?.shipments ?? []}
          />
        </>
      ),
    },
    {
      header: 'Payment',
      // An order's lines are paid and cancelled together, from its heading.
      cell: (order, view) =>
        headed(order) ? (
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
        headed(order) ? null : (
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
        orders={lines}
        shown={orders.length}
        page={page}
        hrefOf={(to) => (to === 1 ? '/dashboard/myorder' : `/dashboard/myorder?page=${to}`)}
        groupOf={(order) => (headed(order) ? documentKey(order) : null)}
        groupHeading={(members, view) => (
          <DocumentHeading
            lines={members}
            document={documentOf.get(documentKey(members[0]!))}
            view={view}
            busy={busyId === members[0]?._id}
            onCancel={setAsking}
          />
        )}
      />
      <ConfirmDialog
        title={
          asking
            ? headed(asking)
              ? `Cancel checkout ${formatCheckoutNumber(asking.checkoutNumber)}?`
              : `Cancel order ${formatOrderNumber(asking.number)}?`
            : undefined
        }
        message={
          asking && headed(asking)
            ? `Are you sure? Every order of checkout ${formatCheckoutNumber(asking.checkoutNumber)} is cancelled with it.`
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
