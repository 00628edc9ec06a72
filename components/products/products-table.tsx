'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import useSWR from 'swr';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/components/forms/error-message';
import { Price } from '@/components/price';
import { RestockControl } from '@/components/products/restock-control';
import { ListFallback } from '@/components/tables/list-fallback';
import { TableFrame } from '@/components/tables/table-frame';
import { apiRequest, fetcher } from '@/lib/client/api';
import type { ToolDto } from '@/lib/types';

const HEADERS = ['#', 'Product', 'Price', 'Quantity', 'Remove'] as const;

export function ProductsTable() {
  const { data: tools, error, mutate } = useSWR<ToolDto[]>('/api/tools', fetcher);
  const [asking, setAsking] = useState<ToolDto | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  if (!tools) return <ListFallback error={error} />;
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

  return (
    <>
      <TableFrame caption="All products" headers={HEADERS}>
        {tools.map((tool, index) => (
          <tr key={tool._id}>
            <th scope="row">{index + 1}</th>
            <td>
              <div className="flex items-center gap-3">
                {/* eslint-disable-next-line @next/next/no-img-element -- any admin-entered URL, no loader configured */}
                <img
                  src={tool.image}
                  alt=""
                  width={48}
                  height={48}
                  className="h-12 w-12 rounded object-contain"
                />
                <span className="font-semibold">{tool.name}</span>
              </div>
            </td>
            <td>
              <Price amount={tool.price} /> per unit
            </td>
            <td>
              <div className="flex flex-col gap-1">
                <span>{tool.quantity} pieces</span>
                <RestockControl tool={tool} onDone={() => mutate()} />
              </div>
            </td>
            <td>
              <button
                type="button"
                className="btn btn-error btn-xs"
                disabled={busyId === tool._id}
                aria-label={`Remove ${tool.name}`}
                onClick={() => setAsking(tool)}
              >
                Remove
              </button>
            </td>
          </tr>
        ))}
      </TableFrame>
      <ConfirmDialog
        message={asking ? `Are you sure you want to remove ${asking.name}?` : 'Are you sure?'}
        open={asking !== null}
        confirmLabel="Remove"
        onConfirm={() => asking && remove(asking)}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
