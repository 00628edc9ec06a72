'use client';

import Link from 'next/link';
import { useState } from 'react';
import type { OrderFormInput } from '@/lib/validation/orders';
import { findPlacedOrder } from './find-placed-order';
import type { PlacedOrder } from './order-placed';

/** The order's fate is unknown: the request left, no answer came back. */
interface LostAnswer {
  values: OrderFormInput;
  sentAt: number;
  checking: boolean;
}

interface Recovery {
  /** The buyer's email (whose orders to look through). */
  email: string;
  toolId: string;
  /** The shop has the order after all. */
  onPlaced: (order: PlacedOrder) => void;
  /** The shop has no such order: the request never reached it. */
  onNotPlaced: () => void;
}

/**
 * After a lost answer, find out from the shop whether the order was placed before saying anything: `check` asks,
 * `lost` holds the question while it is open, `settled` records an order this page has confirmed.
 */
export function useLostAnswer({ email, toolId, onPlaced, onNotPlaced }: Recovery) {
  const [lost, setLost] = useState<LostAnswer | null>(null);
  // Orders this page has confirmed: a lost answer for a repeat order must not be mistaken for one of them.
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());

  async function check(answer: LostAnswer) {
    setLost({ ...answer, checking: true });
    try {
      const order = await findPlacedOrder(email, toolId, answer.values, {
        sentAt: answer.sentAt,
        known: confirmed,
      });
      if (order) return onPlaced(order);
      setLost(null);
      onNotPlaced();
    } catch {
      setLost({ ...answer, checking: false });
    }
  }

  function settled(orderId: string) {
    setConfirmed((ids) => new Set(ids).add(orderId));
    setLost(null);
  }

  return { lost, check, settled };
}

/** What the buyer sees while the order's fate is unknown: wait, check again, or look at My Orders. */
export function LostAnswerAlert({
  toolName,
  lost,
  onCheck,
}: {
  toolName: string;
  lost: LostAnswer;
  onCheck: (answer: LostAnswer) => void;
}) {
  return (
    <div role="alert" className="alert alert-warning alert-soft flex flex-col items-start gap-3">
      <p>
        <span className="font-semibold">The connection dropped before the shop answered</span>, so
        we can not tell yet whether your order for {toolName} was placed. Please do not order again
        until we know.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm"
          disabled={lost.checking}
          onClick={() => onCheck(lost)}
        >
          {lost.checking && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          Check again
        </button>
        <Link href="/dashboard/myorder" prefetch={false} className="btn btn-outline btn-sm">
          View my orders
        </Link>
      </div>
    </div>
  );
}
