'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { AddToCartButton } from '@/components/cart/add-to-cart-button';
import { errorMessage } from '@/components/forms/error-message';
import { fieldAria, FormField } from '@/components/forms/form-field';
import { ApiError, apiRequest, NetworkError } from '@/lib/client/api';
import { useIdempotencyKey } from '@/lib/client/idempotency-key';
import { toCents } from '@/lib/money';
import type { CompanyPriceTerms } from '@/lib/tools/pricing';
import type { ToolDto } from '@/lib/types';
import { orderFormSchema, type OrderFormInput } from '@/lib/validation/orders';
import { LostAnswerAlert, useLostAnswer } from './lost-answer';
import { OrderPlaced, type PlacedOrder } from './order-placed';
import { OrderPriceSummary } from './order-price-summary';

type OrderTool = Pick<
  ToolDto,
  '_id' | 'name' | 'price' | 'quantity' | 'min_quantity' | 'priceBreaks'
>;

interface OrderFormProps {
  tool: OrderTool;
  /** the buyer's company prices of the tool (read for this request), if any */
  company?: CompanyPriceTerms | null;
  /** The buyer's email (whose orders to look through when an answer is lost). */
  email: string;
  /** From the buyer's profile, when it has them. */
  contact: { address: string; phone: string };
}

/** The one request that places an order; the key makes a repeat after a lost answer safe. */
function submitOrder(toolId: string, values: OrderFormInput, idempotencyKey: string) {
  return apiRequest<{ insertedId?: string; number?: number }>(
    'POST',
    '/api/order',
    { toolId, ...values },
    { 'Idempotency-Key': idempotencyKey },
  );
}

/** When a request is sent (a module function: handlers, not renders, call it). */
const clock = () => Date.now();

export function OrderForm({ tool, email, contact, company }: OrderFormProps) {
  const router = useRouter();
  // Rebuilt when router.refresh() brings the new stock, so the limits always match the page.
  const schema = useMemo(
    () => orderFormSchema({ minQuantity: tool.min_quantity, quantity: tool.quantity }),
    [tool.min_quantity, tool.quantity],
  );
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    // Starts where most orders start: the minimum, sent to the address and phone the profile holds. These count as
    // the buyer's entries, so a complete form can be confirmed at once (docs/DECISIONS.md).
    defaultValues: { quantity: tool.min_quantity, ...contact },
  });
  const quantity = useWatch({ control, name: 'quantity' });
  const breaks = useMemo(
    () =>
      tool.priceBreaks.map((priceBreak) => ({
        minQuantity: priceBreak.minQuantity,
        priceCents: toCents(priceBreak.price),
      })),
    [tool.priceBreaks],
  );
  const [serverError, setServerError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const recovery = useLostAnswer({
    email,
    toolId: tool._id,
    onPlaced: (order) => succeed(order),
    onNotPlaced: () =>
      fail(
        `Your order for ${tool.name} was not placed: the connection dropped before it reached the shop. Please confirm it again.`,
      ),
  });

  function succeed(order: PlacedOrder) {
    const message = `Order is set for ${tool.name}`;
    toast.success(message);
    setAnnouncement(message);
    recovery.settled(order.id);
    setPlaced(order);
    reset();
    router.refresh();
  }

  /** The failure toast (docs/PRODUCT.md, Messages), and why under the form. */
  function fail(reason: string) {
    const message = `Failed to set order for ${tool.name}`;
    toast.error(message);
    setAnnouncement(message);
    setServerError(reason);
  }

  const idempotency = useIdempotencyKey();

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    setPlaced(null);
    const sentAt = clock();
    try {
      const { insertedId, number } = await submitOrder(
        tool._id,
        values,
        idempotency.keyFor({ toolId: tool._id, ...values }),
      );
      idempotency.answered();
      if (!insertedId) throw new Error('The order answer carried no insertedId');
      succeed({ id: insertedId, number });
    } catch (error) {
      // Without an answer (or with a 5xx from whatever stood between) the order may have been placed: the same
      // values go again under the same key. A 4xx means nothing was written.
      if (error instanceof ApiError && error.status < 500) idempotency.answered();
      if (error instanceof NetworkError) await recovery.check({ values, sentAt, checking: true });
      else fail(errorMessage(error, `Failed to set order for ${tool.name}`));
    }
  });

  return (
    <div className="mt-2 flex flex-col gap-4">
      {placed && <OrderPlaced order={placed} toolName={tool.name} />}
      {recovery.lost && (
        <LostAnswerAlert
          toolName={tool.name}
          lost={recovery.lost}
          onCheck={(answer) => void recovery.check(answer)}
        />
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <FormField id="order-quantity" label="Quantity (pieces)" error={errors.quantity?.message}>
          <input
            type="number"
            inputMode="numeric"
            min={tool.min_quantity}
            max={tool.quantity}
            step={1}
            className="input w-full"
            {...fieldAria('order-quantity', errors.quantity?.message)}
            {...register('quantity', { valueAsNumber: true })}
          />
        </FormField>
        <FormField id="order-address" label="Address" error={errors.address?.message}>
          <input
            type="text"
            autoComplete="street-address"
            className="input w-full"
            {...fieldAria('order-address', errors.address?.message)}
            {...register('address')}
          />
        </FormField>
        <FormField id="order-phone" label="Phone Number" error={errors.phone?.message}>
          <input
            type="tel"
            autoComplete="tel"
            className="input w-full"
            {...fieldAria('order-phone', errors.phone?.message)}
            {...register('phone')}
          />
        </FormField>
        <OrderPriceSummary
          quantity={quantity}
          basePrice={tool.price}
          breaks={breaks}
          company={company}
        />
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!isValid || isSubmitting || recovery.lost !== null}
          >
            {isSubmitting && (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            )}
            Confirm Order
          </button>
          <AddToCartButton toolId={tool._id} toolName={tool.name} quantity={quantity} />
        </div>
        {serverError && (
          <p role="alert" className="text-error">
            {serverError}
          </p>
        )}
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </form>
    </div>
  );
}
