import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { CheckoutForm } from '@/components/cart/checkout-form';
import { requirePageActor } from '@/lib/auth/page-guards';
import { readCart } from '@/lib/cart/cart';
import { addressBookOf } from '@/lib/companies/addresses';
import { myInvoices } from '@/lib/invoices/queries';
import { getUser } from '@/lib/users/accounts';

export const metadata: Metadata = { title: 'Checkout' };

export default async function CheckoutPage() {
  const actor = await requirePageActor('/checkout');
  const [cart, profile, { terms }, addresses] = await Promise.all([
    readCart(actor),
    getUser(actor, actor.email),
    myInvoices(actor),
    addressBookOf(actor),
  ]);
  if (cart.lines.length === 0) redirect('/cart');
  const blocked = cart.lines.some((line) => line.problem);
  return (
    <section
      aria-labelledby="checkout-title"
      className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8"
    >
      <h1 id="checkout-title" className="text-3xl font-bold">
        Checkout
      </h1>
      {blocked ? (
        <p role="alert" className="text-error">
          Some lines of your cart can not be ordered as they are.{' '}
          <Link href="/cart" className="link">
            Fix them in the cart
          </Link>
          .
        </p>
      ) : (
        <CheckoutForm
          cart={cart}
          contact={{ address: profile.address ?? '', phone: profile.phone ?? '' }}
          terms={terms}
          addresses={addresses}
        />
      )}
    </section>
  );
}
