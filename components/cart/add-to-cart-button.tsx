'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { errorMessage } from '@/components/forms/error-message';
import { apiRequest } from '@/lib/client/api';
import type { CartDto } from '@/lib/types';
import { CART_KEY } from './use-cart';

/**
 * "Add to cart" beside Confirm Order: sets the tool's cart line to the form's quantity. The server applies the order
 * form's quantity rules and answers with their messages.
 */
export function AddToCartButton({
  toolId,
  toolName,
  quantity,
}: {
  toolId: string;
  toolName: string;
  quantity: number | undefined;
}) {
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function add() {
    setPending(true);
    setError(null);
    try {
      const cart = await apiRequest<CartDto>('PUT', `/api/cart/${toolId}`, {
        quantity: Number.isFinite(quantity) ? quantity : null,
      });
      await mutate(CART_KEY, cart, { revalidate: false });
      toast.success(`${toolName} is in your cart`);
    } catch (cause) {
      setError(errorMessage(cause, 'Could not add it to the cart'));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-primary"
        disabled={pending}
        onClick={add}
      >
        {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Add to cart
      </button>
      {error && (
        <p role="alert" className="basis-full text-error">
          {error}
        </p>
      )}
    </>
  );
}
