'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { errorMessage } from '@/components/forms/error-message';
import { apiRequest } from '@/lib/client/api';
import { formatCount } from '@/lib/format';
import type { CartLineProblem } from '@/lib/types';
import { CART_KEY } from './use-cart';

interface Answer {
  added: number;
  problems: (CartLineProblem & { name: string })[];
}

/**
 * "Order again": the same tools and quantities go in the cart at today's prices and limits; each line that no
 * longer fits says why, and the cart opens.
 */
export function OrderAgainButton({
  target,
  describedBy,
}: {
  target: { orderId: string } | { checkoutId: string };
  describedBy?: string;
}) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState(false);

  async function again() {
    setPending(true);
    try {
      const answer = await apiRequest<Answer>('POST', '/api/cart/order-again', target);
      for (const problem of answer.problems) toast.warning(`${problem.name}: ${problem.message}`);
      await mutate(CART_KEY);
      if (answer.added > 0) {
        toast.success(
          `${formatCount(answer.added)} ${answer.added === 1 ? 'line' : 'lines'} in your cart`,
        );
        router.push('/cart');
      }
    } catch (cause) {
      toast.error(errorMessage(cause));
    } finally {
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      className="btn btn-outline btn-xs whitespace-nowrap"
      disabled={pending}
      aria-describedby={describedBy}
      onClick={again}
    >
      Order again
    </button>
  );
}
