'use client';

import Link from 'next/link';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { errorMessage } from '@/components/forms/error-message';
import { keepLines, parseQuickOrder } from '@/lib/cart/paste';
import { apiRequest } from '@/lib/client/api';
import { formatCount } from '@/lib/format';
import type { CartLineProblem } from '@/lib/types';
import { MAX_QUICK_ORDER_LINES } from '@/lib/validation/cart';
import { CART_KEY } from './use-cart';

interface Outcome {
  added: number;
  /** the refused lines' reasons, in the order of the lines left in the box */
  refused: { sku?: string; message: string }[];
}

/**
 * Quick order: lines of `SKU, quantity` (or tab-separated, as a spreadsheet copies them) pasted or read from a .csv.
 * The server judges each line; the box then keeps only the refused lines, each listed with its reason (naming its
 * SKU), so fixing them and sending again never adds the accepted lines twice.
 */
export function QuickOrderForm() {
  const { mutate } = useSWRConfig();
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
    // The box holds the file's lines from now on; choosing the same file again reads it again.
    event.target.value = '';
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setOutcome(null);
    const lines = parseQuickOrder(text);
    if (lines.length === 0) return setError('Paste or upload at least one line of SKU, quantity');
    if (lines.length > MAX_QUICK_ORDER_LINES) {
      return setError(`Send at most ${formatCount(MAX_QUICK_ORDER_LINES)} lines at once`);
    }
    setPending(true);
    try {
      const answer = await apiRequest<{ added: number; problems: CartLineProblem[] }>(
        'POST',
        '/api/cart/lines',
        { lines: lines.map(({ sku, quantity }) => ({ sku, quantity })) },
      );
      const refusedLines = answer.problems.map(
        (problem) => lines[(problem.line ?? 1) - 1]?.line ?? 0,
      );
      setText(keepLines(text, refusedLines));
      setOutcome({
        added: answer.added,
        refused: answer.problems.map(({ sku, message }) => ({ sku, message })),
      });
      if (answer.added > 0) toast.success(`${formatCount(answer.added)} added to your cart`);
      await mutate(CART_KEY);
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <label htmlFor="quick-order-lines" className="flex flex-col gap-1">
        <span className="font-semibold">Lines (SKU, quantity)</span>
        <textarea
          id="quick-order-lines"
          className="textarea h-48 w-full font-mono"
          placeholder={'WR-1012, 500\nDB-2040, 2000\nPL-3300\t300'}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <label htmlFor="quick-order-file" className="flex flex-col gap-1">
        <span>Or upload a .csv file with those two columns</span>
        <input
          id="quick-order-file"
          type="file"
          accept=".csv,text/csv"
          className="file-input w-full max-w-sm"
          onChange={readFile}
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Add to cart
        </button>
        <Link href="/cart" className="btn btn-outline">
          View cart
        </Link>
      </div>
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      <div aria-live="polite">
        {outcome && (
          <div className="flex flex-col gap-2">
            <p className="font-semibold">
              {formatCount(outcome.added)} {outcome.added === 1 ? 'line' : 'lines'} added to your
              cart.
            </p>
            {outcome.refused.length > 0 && (
              <>
                <p>These lines were not added; they are left in the box to fix and send again:</p>
                <ul aria-label="Refused lines" className="list-disc pl-6">
                  {outcome.refused.map((problem, index) => (
                    <li key={`${index}:${problem.message}`}>
                      {problem.sku ? problem.message : `Line ${index + 1}: ${problem.message}`}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </div>
    </form>
  );
}
