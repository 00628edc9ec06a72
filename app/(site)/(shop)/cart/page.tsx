import type { Metadata } from 'next';
import { CartView } from '@/components/cart/cart-view';
import { readCart } from '@/lib/cart/cart';
import { pageShopper } from '@/lib/cart/page-shopper';

export const metadata: Metadata = { title: 'Your cart' };

/** The cart, signed in or not: a visitor's cart lives under a cookie until they sign in (docs/PRODUCT.md). */
export default async function CartPage() {
  const { shopper, signedIn, merged } = await pageShopper();
  const cart = await readCart(shopper);
  return (
    <section
      aria-labelledby="cart-title"
      className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8"
    >
      <h1 id="cart-title" className="text-3xl font-bold">
        Your cart
      </h1>
      <CartView initial={merged ? { ...cart, merged } : cart} signedIn={signedIn} />
    </section>
  );
}
