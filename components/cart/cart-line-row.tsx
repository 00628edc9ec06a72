'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Price } from '@/components/price';
import { Sku } from '@/components/products/sku';
import { formatPieces } from '@/lib/format';
import type { CartLineDto } from '@/lib/types';

interface CartLineRowProps {
  line: CartLineDto;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/** One line of the cart: the tool, its unit price at the quantity's break, the quantity to edit, the line total. */
export function CartLineRow({ line, busy, onQuantity, onRemove }: CartLineRowProps) {
  const [draft, setDraft] = useState(String(line.quantity));
  const inputId = `cart-quantity-${line.toolId}`;
  const problemId = `cart-problem-${line.toolId}`;
  const commit = () => {
    const quantity = Number(draft);
    if (draft.trim() !== '' && quantity !== line.quantity) onQuantity(quantity);
  };

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-base-300 py-4">
      {/* eslint-disable-next-line @next/next/no-img-element -- any admin-entered URL, no loader configured */}
      <img
        src={line.image}
        alt=""
        width={64}
        height={64}
        className="size-16 rounded-box bg-base-200 object-contain p-1"
      />
      <div className="min-w-0 flex-1 basis-48">
        <Link href={`/tools/${line.toolId}`} className="link-hover font-semibold">
          {line.name}
        </Link>
        <Sku sku={line.sku} className="block" />
        <p className="text-sm">
          <Price amount={line.unitPrice} /> each
        </p>
        {line.problem && (
          <p id={problemId} role="alert" className="text-sm text-error">
            {line.problem}
          </p>
        )}
      </div>
      <form
        className="flex flex-col gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          commit();
        }}
      >
        <label className="flex flex-col text-sm" htmlFor={inputId}>
          Quantity
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={line.minQuantity}
            max={line.available}
            step={1}
            className="input input-sm w-28"
            value={draft}
            disabled={busy}
            aria-describedby={line.problem ? problemId : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
          />
        </label>
        <span className="text-xs text-base-content/70">
          {formatPieces(line.minQuantity)}–{formatPieces(line.available)}
        </span>
      </form>
      <p className="w-28 text-right font-semibold">
        <Price amount={line.lineTotal} />
      </p>
      <button
        type="button"
        className="btn btn-ghost btn-sm text-error"
        disabled={busy}
        aria-label={`Remove ${line.name}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </li>
  );
}
