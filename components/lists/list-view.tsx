'use client';

import { useRouter } from 'next/navigation';
import Link from 'next/link';
import { useState } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { CART_KEY } from '@/components/cart/use-cart';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/components/forms/error-message';
import { Price } from '@/components/price';
import { Sku } from '@/components/products/sku';
import { BUTTON } from '@/components/ui/buttons';
import { apiRequest } from '@/lib/client/api';
import { formatCount, formatPieces } from '@/lib/format';
import type { CartLineProblem, ListDto } from '@/lib/types';
import { RenameList } from './rename-list';

interface Ordered {
  added: number;
  problems: CartLineProblem[];
}

/**
 * A saved list: each line ticked to order, with its quantity (changed here for this order, or saved onto the list),
 * today's unit price and what stands in its way; then "Add to cart" for the ticked lines. Answers like quick order:
 * how many lines went in, and "SKU: reason" for each that did not.
 */
export function ListView({ initial }: { initial: ListDto }) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [list, setList] = useState(initial);
  const [ticked, setTicked] = useState(() => new Set(initial.lines.map((line) => line.toolId)));
  const [quantities, setQuantities] = useState(() =>
    Object.fromEntries(initial.lines.map((line) => [line.toolId, String(line.quantity)])),
  );
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Ordered>();
  const [deleting, setDeleting] = useState(false);

  const chosen = list.lines.filter((line) => ticked.has(line.toolId));
  const quantityOf = (toolId: string) => Number(quantities[toolId]);

  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    try {
      return await work();
    } catch (cause) {
      toast.error(errorMessage(cause));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  const orderChosen = () =>
    run(async () => {
      const answer = await apiRequest<Ordered>('POST', `/api/lists/${list._id}/cart`, {
        lines: chosen.map((line) => ({ toolId: line.toolId, quantity: quantityOf(line.toolId) })),
      });
      setOutcome(answer);
      await mutate(CART_KEY);
    });

  const saveLines = (lines: ListDto['lines']) =>
    run(async () => {
      const saved = await apiRequest<ListDto>('PUT', `/api/lists/${list._id}`, {
        lines: lines.map((line) => ({ toolId: line.toolId, quantity: quantityOf(line.toolId) })),
      });
      setList(saved);
      setTicked(
        (current) =>
          new Set(saved.lines.map((line) => line.toolId).filter((id) => current.has(id))),
      );
      toast.success('List saved');
    });

  const remove = () =>
    run(async () => {
      await apiRequest('DELETE', `/api/lists/${list._id}`);
      toast.success(`List “${list.name}” deleted`);
      router.push('/dashboard/lists');
      router.refresh();
    });

  return (
    <div className="flex flex-col gap-4">
      {list.lines.length === 0 ? (
        <p>
          This list is empty: add tools from their product pages (
          <Link href="/tools" className="link">
            the catalogue
          </Link>
          ).
        </p>
      ) : (
        <ul aria-label="List lines" className="flex flex-col">
          {list.lines.map((line) => {
            const tickId = `list-tick-${line.toolId}`;
            const quantityId = `list-quantity-${line.toolId}`;
            return (
              <li
                key={line.toolId}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-base-300 py-3"
              >
                <input
                  id={tickId}
                  type="checkbox"
                  className="checkbox"
                  checked={ticked.has(line.toolId)}
                  onChange={(event) =>
                    setTicked((current) => {
                      const next = new Set(current);
                      if (event.target.checked) next.add(line.toolId);
                      else next.delete(line.toolId);
                      return next;
                    })
                  }
                />
                <div className="min-w-0 flex-1 basis-48">
                  <label htmlFor={tickId} className="font-semibold">
                    {line.name}
                  </label>
                  <Sku sku={line.sku} className="block" />
                  <p className="text-sm">
                    <Price amount={line.unitPrice} /> each · {formatPieces(line.available)} in stock
                  </p>
                  {line.problem && <p className="text-sm text-error">{line.problem}</p>}
                </div>
                <label className="flex flex-col text-sm" htmlFor={quantityId}>
                  Quantity
                  <input
                    id={quantityId}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    className="input input-sm w-28"
                    value={quantities[line.toolId] ?? ''}
                    onChange={(event) =>
                      setQuantities((current) => ({
                        ...current,
                        [line.toolId]: event.target.value,
                      }))
                    }
                  />
                </label>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy}
                  aria-label={`Remove ${line.name} from the list`}
                  onClick={() =>
                    saveLines(list.lines.filter((other) => other.toolId !== line.toolId))
                  }
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {outcome && (
        <div role="status" className="flex flex-col gap-1" data-testid="list-order-outcome">
          <p>
            {formatCount(outcome.added)} {outcome.added === 1 ? 'line' : 'lines'} added to your
            cart.{' '}
            {outcome.added > 0 && (
              <Link href="/cart" className="link">
                Open the cart
              </Link>
            )}
          </p>
          {outcome.problems.length > 0 && (
            <ul className="list-disc pl-5 text-error">
              {outcome.problems.map((problem) => (
                <li key={`${problem.line}-${problem.message}`}>{problem.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={BUTTON.primary}
          disabled={busy || chosen.length === 0}
          onClick={orderChosen}
        >
          {chosen.length === list.lines.length
            ? 'Add all to cart'
            : `Add ${formatCount(chosen.length)} ${chosen.length === 1 ? 'line' : 'lines'} to cart`}
        </button>
        {list.lines.length > 0 && (
          <button
            type="button"
            className={BUTTON.quiet}
            disabled={busy}
            onClick={() => saveLines(list.lines)}
          >
            Save quantities
          </button>
        )}
        <button
          type="button"
          className={BUTTON.destructive}
          disabled={busy}
          onClick={() => setDeleting(true)}
        >
          Delete list
        </button>
      </div>
      <RenameList
        listId={list._id}
        name={list.name}
        onRenamed={(renamed) => {
          setList(renamed);
          router.refresh();
        }}
      />
      <ConfirmDialog
        open={deleting}
        title={`Delete the list “${list.name}”?`}
        message="Its lines go with it. Your cart and your orders stay as they are."
        confirmLabel="Delete list"
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(false)}
      />
    </div>
  );
}
