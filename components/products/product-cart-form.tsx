'use client';

import { useSession } from 'next-auth/react';
import Link from 'next/link';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { CART_KEY } from '@/components/cart/use-cart';
import { errorMessage } from '@/components/forms/error-message';
import { fieldAria, FormField } from '@/components/forms/form-field';
import { AddToList } from '@/components/lists/add-to-list';
import { CompanyPriceNote } from '@/components/products/company-price-note';
import { productPath } from '@/lib/tools/product-path';
import { ApiError, apiRequest } from '@/lib/client/api';
import type { CartDto, ToolDto } from '@/lib/types';

/**
 * The product page's quantity with "Add to cart", open to visitors (their cart lives under a cookie until they sign
 * in) and, for a signed-in buyer, "Add to list" and their company's price. The shop judges the quantity and answers in the order form's words.
 */
export function ProductCartForm({
  tool,
}: {
  tool: Pick<
    ToolDto,
    '_id' | 'name' | 'sku' | 'min_quantity' | 'quantity' | 'price' | 'priceBreaks'
  >;
}) {
  const id = useId();
  const { status, data } = useSession();
  // A session still owing its two-factor code is nobody yet (components/site/nav-auth-links.tsx).
  const signedIn = status === 'authenticated' && !data?.twoFactorPending;
  const { mutate } = useSWRConfig();
  const [quantity, setQuantity] = useState(String(tool.min_quantity));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pieces = Number(quantity);

  async function addToCart(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const cart = await apiRequest<CartDto>('PUT', `/api/cart/${tool._id}`, {
        quantity: quantity.trim() === '' ? null : pieces,
      });
      await mutate(CART_KEY, cart, { revalidate: false });
      toast.success(`${tool.name} is in your cart`);
    } catch (cause) {
      setError(
        cause instanceof ApiError && cause.fields.quantity
          ? cause.fields.quantity
          : errorMessage(cause, 'Could not add it to the cart'),
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <CompanyPriceNote tool={tool} quantity={pieces} />
      <form onSubmit={addToCart} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="w-40">
          <FormField id={`${id}-quantity`} label="Quantity" error={error ?? undefined}>
            <input
              type="number"
              inputMode="numeric"
              min={tool.min_quantity}
              max={tool.quantity}
              className="input w-full"
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
              {...fieldAria(`${id}-quantity`, error ?? undefined)}
            />
          </FormField>
        </div>
        <button type="submit" className="btn btn-outline btn-primary" disabled={pending}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Add to cart
        </button>
      </form>
      {signedIn ? (
        <AddToList toolId={tool._id} quantity={Number.isInteger(pieces) ? pieces : 0} />
      ) : (
        status !== 'loading' && (
          <p className="text-sm">
            <Link
              href={`/login?from=${encodeURIComponent(productPath(tool))}`}
              className="link"
              prefetch={false}
            >
              Log in
            </Link>{' '}
            to save it to a list.
          </p>
        )
      )}
    </div>
  );
}
