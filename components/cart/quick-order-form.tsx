'use client';

import Link from 'next/link';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { errorMessage } from '@/components/forms/error-message';
import { parseQuickOrder } from '@/lib/cart/paste';
import { apiRequest } from '@/lib/client/api';
import { formatCount } from '@/lib/format';
import type { CartLineProblem } from '@/lib/types';
import { MAX_QUICK_ORDER_LINES } from '@/lib/validation/cart';
import { CART_KEY } from './use-cart';

interface Outcome {
  added: number;
  /** refused lines, numbered as in what was pasted or uploaded */
  refused: { line: number; message: string }[];
}

/**
 * Quick order: lines of `SKU, quantity` (or tab-separated, as a spreadsheet copies them) pasted or read from a .csv.
 * The server judges each line; the refused ones are listed with their line numbers and reasons.
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
      const refused = answer.problems.map((problem) => ({
        line: lines[(problem.line ?? 1) - 1]?.line ?? 0,
        message: problem.message,
      }));
      setOutcome({ added: answer.added, refused });
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
                <p>These lines were not added:</p>
                <ul aria-label="Refused lines" className="list-disc pl-6">
                  {outcome.refused.map((problem) => (
                    <li key={`${problem.line}:${problem.message}`}>
                      Line {problem.line}: {problem.message}
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
