'use client';

import Link from 'next/link';
import { useState } from 'react';
import { toast } from 'sonner';
import useSWR from 'swr';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/components/forms/error-message';
import { Price } from '@/components/price';
import { Sku } from '@/components/products/sku';
import { RestockControl } from '@/components/products/restock-control';
import { DataTable, type Column } from '@/components/tables/data-table';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { ToolImage } from '@/components/ui/tool-image';
import { ListFallback } from '@/components/tables/list-fallback';
import { apiRequest, fetcher } from '@/lib/client/api';
import { formatPieces } from '@/lib/format';
import type { ToolDto } from '@/lib/types';

function ProductImage({ tool }: { tool: ToolDto }) {
  return (
    <ToolImage
      src={tool.image}
      alt=""
      width={48}
      height={48}
      className="h-12 w-12 rounded object-contain"
    />
  );
}

export function ProductsTable() {
  const { data: tools, error, mutate } = useSWR<ToolDto[]>('/api/tools', fetcher);
  const [asking, setAsking] = useState<ToolDto | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  if (!tools) return <ListFallback error={error} what="the products" onRetry={() => mutate()} />;
  if (tools.length === 0) return <p>There are no products yet.</p>;

  async function remove(tool: ToolDto) {
    setAsking(null);
    setBusyId(tool._id);
    try {
      await apiRequest('DELETE', `/api/tools/${tool._id}`);
      toast.success(`${tool.name} removed`);
      // The bound mutate revalidates every mounted '/api/tools' list, not only this table.
      await mutate();
    } catch (cause) {
      toast.error(errorMessage(cause));
    } finally {
      setBusyId(null);
    }
  }

  const columns: Column<ToolDto>[] = [
    { header: '#', rowHeader: true, card: 'none', cell: (_tool, _view, index) => index + 1 },
    {
      header: 'Product',
      card: 'none',
      cell: (tool) => (
        <div className="flex items-center gap-3">
          <ProductImage tool={tool} />
          <div className="flex flex-col">
            <span className="font-semibold">{tool.name}</span>
            <Sku sku={tool.sku} className="text-xs" />
          </div>
        </div>
      ),
    },
    {
      header: 'Price',
      cell: (tool) => (
        <>
          <Price amount={tool.price} /> per unit
        </>
      ),
    },
    {
      header: 'Quantity',
      cell: (tool) => (
        <div className="flex flex-col gap-1">
          <span>{formatPieces(tool.quantity)}</span>
          <RestockControl tool={tool} onDone={() => mutate()} />
        </div>
      ),
    },
    {
      header: 'Edit',
      card: 'action',
      cell: (tool) => (
        <Link
          href={`/dashboard/manageproduct/${tool._id}`}
          prefetch={false}
          className={`${BUTTON.quiet} ${ROW_BUTTON}`}
          aria-label={`Edit ${tool.name}`}
        >
          Edit
        </Link>
      ),
    },
    {
      header: 'Remove',
      card: 'action',
      cell: (tool) => (
        <button
          type="button"
          className={`${BUTTON.destructive} ${ROW_BUTTON}`}
          disabled={busyId === tool._id}
          aria-label={`Remove ${tool.name}`}
          onClick={() => setAsking(tool)}
        >
          Remove
        </button>
      ),
    },
  ];

  return (
    <>
      <DataTable
        caption="All products"
        columns={columns}
        rows={tools}
        rowKey={(tool) => tool._id}
        cardTitle={(tool) => (
          <span className="flex items-center gap-3">
            <ProductImage tool={tool} />
            <span className="flex flex-col">
              {tool.name}
              <Sku sku={tool.sku} className="text-xs font-normal" />
            </span>
          </span>
        )}
      />
      <ConfirmDialog
        title={asking ? `Remove ${asking.name}?` : undefined}
        message={asking ? `Are you sure you want to remove ${asking.name}?` : 'Are you sure?'}
        open={asking !== null}
        confirmLabel="Remove"
        onConfirm={() => asking && remove(asking)}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
