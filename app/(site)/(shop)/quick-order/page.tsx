import type { Metadata } from 'next';
import { connection } from 'next/server';
import { LineEntryForm } from '@/components/cart/line-entry-form';
import { QuickOrderForm } from '@/components/cart/quick-order-form';

export const metadata: Metadata = { title: 'Quick order' };

/** Open to visitors too: their lines go in the guest cart their cookie names (docs/PRODUCT.md). */
export default async function QuickOrderPage() {
  // Made per request like every page but the home page: its scripts carry the request's CSP nonce (config/routes.ts).
  await connection();
  return (
    <section
      aria-labelledby="quick-order-title"
      className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8"
    >
      <h1 id="quick-order-title" className="text-3xl font-bold">
        Quick order
      </h1>
      <p>
        Paste one line per tool: its SKU and the quantity, separated by a comma or a tab (as copied
        from a spreadsheet). A header row and blank lines are skipped. Or type them line by line,
        with suggestions as you type.
      </p>
      <div className="grid gap-8 lg:grid-cols-2">
        <QuickOrderForm />
        <LineEntryForm />
      </div>
    </section>
  );
}
