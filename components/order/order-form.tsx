'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { errorMessage } from '@/components/forms/error-message';
import { fieldAria, FormField } from '@/components/forms/form-field';
import { Price } from '@/components/price';
import { ApiError, apiRequest } from '@/lib/client/api';
import { useIdempotencyKey } from '@/lib/client/idempotency-key';
import type { ToolDto } from '@/lib/types';
import { orderFormSchema } from '@/lib/validation';

type OrderTool = Pick<ToolDto, '_id' | 'name' | 'price' | 'quantity' | 'min_quantity'>;

/** Preview only: the server computes the charged total from the database price. */
function previewTotal(quantity: number | undefined, price: number): number {
  if (!quantity || !Number.isFinite(quantity) || quantity < 0) return 0;
  return (Math.round(price * 100) * Math.trunc(quantity)) / 100;
}

export function OrderForm({ tool }: { tool: OrderTool }) {
  const router = useRouter();
  // Rebuilt when router.refresh() brings the new stock, so the limits always match the page.
  const schema = useMemo(
    () => orderFormSchema({ min_quantity: tool.min_quantity, quantity: tool.quantity }),
    [tool.min_quantity, tool.quantity],
  );
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { address: '', phone: '' },
  });
  const quantity = useWatch({ control, name: 'quantity' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const idempotency = useIdempotencyKey();

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const order = { toolId: tool._id, ...values };
      const { insertedId } = await apiRequest<{ insertedId?: string }>(
        'POST',
        '/api/order',
        order,
        { 'Idempotency-Key': idempotency.keyFor(order) },
      );
      idempotency.answered();
      if (!insertedId) throw new Error('The order answer carried no insertedId');
      const message = `Order is set for ${tool.name}`;
      toast.success(message);
      setAnnouncement(message);
      reset();
      router.refresh();
    } catch (error) {
      // Without an answer (or with a 5xx from whatever stood between) the order may have been placed: the same
      // values go again under the same key. A 4xx means nothing was written.
      if (error instanceof ApiError && error.status < 500) idempotency.answered();
      const message = `Failed to set order for ${tool.name}`;
      toast.error(message);
      setAnnouncement(message);
      setServerError(errorMessage(error, message));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-2 flex flex-col gap-3">
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
      <p className="font-semibold">
        Total: <Price amount={previewTotal(quantity, tool.price)} />
      </p>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={!isDirty || !isValid || isSubmitting}
      >
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Confirm Order
      </button>
      {serverError && (
        <p role="alert" className="text-error">
          {serverError}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </form>
  );
}
