'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { errorMessage } from '@/components/forms/error-message';
import { ShipToSelect } from '@/components/companies/ship-to-select';
import { TextField } from '@/components/forms/text-field';
import { Price } from '@/components/price';
import { ApiError, apiRequest } from '@/lib/client/api';
import { useIdempotencyKey } from '@/lib/client/idempotency-key';
import { formatShipTo } from '@/lib/format';
import type { CartDto, CompanyAddressDto } from '@/lib/types';
import { checkoutSchema } from '@/lib/validation/checkout';
import { earliestDeliveryDay, latestDeliveryDay } from '@/lib/validation/delivery-date';
import { CheckoutLines } from './checkout-lines';
import { CART_KEY } from './use-cart';

interface CheckoutFormProps {
  cart: CartDto;
  /** from the buyer's profile */
  contact: { address: string; phone: string };
  /** the buyer's net terms, when an admin granted them: they may choose to pay by invoice */
  terms: { netDays: number; remainingCredit: number } | null;
  /** the company's address book: choosing an entry ships to it */
  addresses?: CompanyAddressDto[];
}

/** Where the cart goes, the buyer's PO number, a last look at the lines, and Place order. */
export function CheckoutForm({ cart, contact, terms, addresses = [] }: CheckoutFormProps) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const idempotency = useIdempotencyKey();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(checkoutSchema),
    mode: 'onChange',
    defaultValues: {
      ...contact,
      poNumber: '',
      requestedDeliveryOn: '',
      paymentMethod: 'card' as const,
      addressId: '',
    },
  });

  // An entry of the book fills the fields for a last look; the server ships to the book's copy.
  function chooseAddress(addressId: string) {
    const entry = addresses.find((address) => address.addressId === addressId);
    if (!entry) return;
    setValue('address', formatShipTo(entry), { shouldValidate: true });
    if (entry.phone) setValue('phone', entry.phone, { shouldValidate: true });
  }

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const placed = await apiRequest<{ checkoutId: string }>('POST', '/api/checkout', values, {
        'Idempotency-Key': idempotency.keyFor(values),
      });
      idempotency.answered();
      await mutate(CART_KEY);
      router.push(`/checkout/${placed.checkoutId}`);
    } catch (cause) {
      if (cause instanceof ApiError && cause.status < 500) idempotency.answered();
      const message = errorMessage(cause, 'Your order could not be placed, please try again');
      toast.error(message);
      setError(message);
      await mutate(CART_KEY);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-6 lg:flex-row-reverse lg:items-start"
    >
      <div className="flex flex-1 flex-col gap-2">
        <h2 className="text-xl font-semibold">Review your order</h2>
        <CheckoutLines
          label="Order review"
          total={cart.tax.gross}
          tax={cart.tax}
          lines={cart.lines.map((line) => ({ key: line.toolId, ...line }))}
        />
        {cart.savings > 0 && (
          <p className="text-success">
            Price breaks save you <Price amount={cart.savings} /> on this order.
          </p>
        )}
      </div>
      <div className="flex w-full flex-col gap-3 lg:w-96">
        <h2 className="text-xl font-semibold">Shipping</h2>
        {addresses.length > 0 && (
          <ShipToSelect
            id="checkout-ship-to"
            addresses={addresses}
            error={errors.addressId?.message}
            {...register('addressId', { onChange: (event) => chooseAddress(event.target.value) })}
          />
        )}
        <TextField
          id="checkout-address"
          label="Address"
          autoComplete="street-address"
          error={errors.address?.message}
          {...register('address')}
        />
        <TextField
          id="checkout-phone"
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          id="checkout-po"
          label="PO number (optional)"
          maxLength={35}
          error={errors.poNumber?.message}
          {...register('poNumber')}
        />
        <TextField
          id="checkout-delivery"
          label="Requested delivery date (optional)"
          type="date"
          min={earliestDeliveryDay()}
          max={latestDeliveryDay()}
          error={errors.requestedDeliveryOn?.message}
          {...register('requestedDeliveryOn')}
        />
        {terms && (
          <fieldset className="fieldset">
            <legend className="fieldset-legend">Payment</legend>
            <label className="flex cursor-pointer items-center gap-3 py-1 text-base">
              <input
                type="radio"
                className="radio radio-primary radio-sm"
                value="card"
                {...register('paymentMethod')}
              />
              Card
            </label>
            <label className="flex cursor-pointer items-center gap-3 py-1 text-base">
              <input
                type="radio"
                className="radio radio-primary radio-sm"
                value="invoice"
                {...register('paymentMethod')}
              />
              Invoice (net {terms.netDays})
            </label>
            <p className="text-sm">
              Remaining credit: <Price amount={terms.remainingCredit} />
            </p>
          </fieldset>
        )}
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          Place order
        </button>
        {error && (
          <div role="alert" className="text-error">
            <p>{error}</p>
            <Link href="/cart" className="link">
              Back to the cart
            </Link>
          </div>
        )}
      </div>
    </form>
  );
}
