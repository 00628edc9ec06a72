'use client';

import Link from 'next/link';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/forms/error-message';
import { TaxTerms } from '@/components/invoices/tax-summary';
import { Price } from '@/components/price';
import { QuoteRequest } from '@/components/quotes/quote-request';
import { ListFallback } from '@/components/tables/list-fallback';
import { apiRequest } from '@/lib/client/api';
import type { CartDto } from '@/lib/types';
import { SaveAsListButton } from '@/components/lists/save-as-list-button';
import { CartLineRow } from './cart-line-row';
import { MergeNotice } from './merge-notice';
import { useCart } from './use-cart';

/**
 * The cart: its lines, editable, then the subtotal, the savings from price breaks and the way to checkout (for a
 * visitor: signing in first, which brings this cart along).
 */
export function CartView({ initial, signedIn }: { initial: CartDto; signedIn: boolean }) {
  const { data: cart, error, mutate } = useCart({ fallbackData: initial });
  const [busy, setBusy] = useState<string | null>(null);
  // What a merge did stays on the page after the next answer (which no longer carries it).
  const [merged, setMerged] = useState(initial.merged);
  if (cart?.merged && cart.merged !== merged) setMerged(cart.merged);

  if (!cart) return <ListFallback error={error} what="your cart" onRetry={() => mutate()} />;
  const notice = merged && <MergeNotice merged={merged} />;

  async function change(toolId: string, request: () => Promise<CartDto>) {
    setBusy(toolId);
    try {
      await mutate(await request(), { revalidate: false });
    } catch (cause) {
      toast.error(errorMessage(cause));
      // The line shows what the shop holds now (the field goes back to it).
      await mutate();
    } finally {
      setBusy(null);
    }
  }

  if (cart.lines.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3">
        {notice}
        <p>Your cart is empty.</p>
        <div className="flex flex-wrap gap-2">
          <Link href="/tools" className="btn btn-primary btn-sm">
            Browse the tools
          </Link>
          <Link href="/quick-order" className="btn btn-outline btn-sm">
            Quick order
          </Link>
        </div>
      </div>
    );
  }

  const blocked = cart.lines.some((line) => line.problem);
  return (
    <div className="flex flex-col gap-4">
      {notice}
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <ul aria-label="Cart lines" className="flex-1">
          {cart.lines.map((line) => (
            <CartLineRow
              // A new quantity from the shop resets the field.
              key={`${line.toolId}:${line.quantity}`}
              line={line}
              busy={busy === line.toolId}
              onQuantity={(quantity) =>
                change(line.toolId, () =>
                  apiRequest<CartDto>('PUT', `/api/cart/${line.toolId}`, { quantity }),
                )
              }
              onRemove={() =>
                change(line.toolId, () => apiRequest<CartDto>('DELETE', `/api/cart/${line.toolId}`))
              }
            />
          ))}
        </ul>
        <aside
          aria-label="Cart summary"
          className="card w-full bg-base-200 lg:sticky lg:top-4 lg:w-80"
        >
          <div className="card-body gap-3">
            <dl className="grid grid-cols-[1fr_auto] gap-y-1">
              <dt>Subtotal (net)</dt>
              <dd className="text-right text-lg font-bold" data-testid="cart-subtotal">
                <Price amount={cart.subtotal} />
              </dd>
              <dt>Savings on the catalogue price</dt>
              <dd className="text-right text-success" data-testid="cart-savings">
                <Price amount={cart.savings} />
              </dd>
              <TaxTerms tax={cart.tax} net={false} />
            </dl>
            {blocked && (
              <p className="text-sm text-error">
                Fix or remove the lines marked above to check out.
              </p>
            )}
            {!signedIn ? (
              <>
                <p className="text-sm">
                  Log in or create an account to check out: this cart comes along.
                </p>
                <Link href="/login?from=%2Fcart" className="btn btn-primary">
                  Log in to check out
                </Link>
                <Link href="/signup?from=%2Fcart" className="btn btn-outline btn-sm">
                  Create an account
                </Link>
              </>
            ) : blocked ? (
              <button type="button" className="btn btn-primary" disabled>
                Checkout
              </button>
            ) : (
              <Link href="/checkout" className="btn btn-primary">
                Checkout
              </Link>
            )}
            <Link href="/quick-order" className="btn btn-outline btn-sm">
              Quick order
            </Link>
            {signedIn && (
              <>
                <SaveAsListButton source={{ fromCart: true }} />
                {/* Quantities beyond the stock or the breaks: the shop answers with a price and a lead time. */}
                <QuoteRequest
                  lines={cart.lines.map((line) => ({
                    toolId: line.toolId,
                    name: line.name,
                    quantity: line.quantity,
                  }))}
                />
              </>
            )}
          </div>
        </aside>
      </div>
    </div>
  );
}
