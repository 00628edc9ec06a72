import type { Metadata } from 'next';
import { CartView } from '@/components/cart/cart-view';
import { requirePageActor } from '@/lib/auth/page-guards';
import { readCart } from '@/lib/cart/cart';

export const metadata: Metadata = { title: 'Your cart' };

export default async function CartPage() {
  const actor = await requirePageActor('/cart');
  const cart = await readCart(actor);
  return (
    <section
      aria-labelledby="cart-title"
      className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8"
    >
      <h1 id="cart-title" className="text-3xl font-bold">
        Your cart
      </h1>
      <CartView initial={cart} />
    </section>
  );
}
