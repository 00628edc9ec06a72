'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { errorMessage } from '@/components/forms/error-message';
import { apiRequest } from '@/lib/client/api';
import { formatCount } from '@/lib/format';
import type { CartLineProblem } from '@/lib/types';
import { SkuSuggestions } from './sku-suggestions';
import { CART_KEY } from './use-cart';

interface Row {
  key: number;
  sku: string;
  quantity: string;
}

/**
 * Quick order one line at a time: a SKU (with suggestions as it is typed) and a quantity per row. Sent like the
 * paste box (POST /api/cart/lines); afterwards only the refused rows stay, each with its reason.
 */
export function LineEntryForm() {
  const id = useId();
  const { mutate } = useSWRConfig();
  // Each row's identity for React and its refusal; counted per form, so the server's render and the browser's agree.
  const lastKey = useRef(0);
  const emptyRow = (): Row => ({ key: ++lastKey.current, sku: '', quantity: '' });
  const [rows, setRows] = useState<Row[]>(() => [{ key: 0, sku: '', quantity: '' }]);
  const [problems, setProblems] = useState<Map<number, string>>(new Map());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const update = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const filled = rows.filter((row) => row.sku.trim() || row.quantity.trim());
    if (filled.length === 0) return setError('Type a SKU and a quantity');
    setPending(true);
    try {
      const answer = await apiRequest<{ added: number; problems: CartLineProblem[] }>(
        'POST',
        '/api/cart/lines',
        { lines: filled.map(({ sku, quantity }) => ({ sku, quantity })) },
      );
      const refused = new Map(
        answer.problems.map((problem) => [filled[(problem.line ?? 1) - 1]!.key, problem.message]),
      );
      const left = filled.filter((row) => refused.has(row.key));
      setRows(left.length > 0 ? left : [emptyRow()]);
      setProblems(refused);
      if (answer.added > 0) toast.success(`${formatCount(answer.added)} added to your cart`);
      await mutate(CART_KEY);
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="font-semibold">
        Line by line
      </h2>
      {rows.map((row, index) => {
        const problem = problems.get(row.key);
        // By position: ids unique on the page whatever the rows' keys.
        const rowId = `${id}-${index}`;
        return (
          <fieldset
            key={row.key}
            className="flex flex-col gap-2 rounded-box border border-base-300 p-3"
          >
            <legend className="px-1 text-sm">Line {index + 1}</legend>
            <div className="flex flex-wrap items-end gap-2">
              <label htmlFor={`${rowId}-sku`} className="flex grow flex-col gap-1 text-sm">
                SKU or name
                <input
                  id={`${rowId}-sku`}
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  className="input w-full font-mono"
                  value={row.sku}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${rowId}-problem` : undefined}
                  onChange={(event) => update(row.key, { sku: event.target.value })}
                />
              </label>
              <label htmlFor={`${rowId}-quantity`} className="flex w-32 flex-col gap-1 text-sm">
                Quantity
                <input
                  id={`${rowId}-quantity`}
                  type="text"
                  inputMode="numeric"
                  className="input w-full"
                  value={row.quantity}
                  onChange={(event) => update(row.key, { quantity: event.target.value })}
                />
              </label>
              {rows.length > 1 && (
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={`Remove line ${index + 1}`}
                  onClick={() =>
                    setRows((current) => current.filter((other) => other.key !== row.key))
                  }
                >
                  Remove
                </button>
              )}
            </div>
            <SkuSuggestions
              text={row.sku}
              quantity={row.quantity}
              onChoose={(tool) =>
                update(row.key, {
                  sku: tool.sku,
                  quantity: row.quantity.trim() || String(tool.min_quantity),
                })
              }
            />
            {problem && (
              <p id={`${rowId}-problem`} className="text-sm text-error">
                {problem}
              </p>
            )}
          </fieldset>
        );
      })}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => setRows((current) => [...current, emptyRow()])}
        >
          Add a line
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Add lines to cart
        </button>
      </div>
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
    </form>
  );
}
