import type { Metadata } from 'next';
import { formatCents } from '@/lib/format';
import { punchoutPageData } from '@/lib/punchout/page-data';
import { SESSION_ENDED } from '@/lib/punchout/page-texts';

export const metadata: Metadata = { title: 'Punch-out', robots: { index: false } };

/**
 * The punch-out session's shop: the catalogue at the company's prices and the cart, whose one way out is "Transfer
 * to procurement". Plain forms posting to /punchout/cart and /punchout/transfer, so it works in any procurement
 * system's browser window, scripts or not.
 */
export default async function PunchoutPage({ searchParams }: PageProps<'/punchout'>) {
  const search = await searchParams;
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const data = await punchoutPageData({
    q: one(search.q),
    refused: one(search.refused),
    wanted: one(search.wanted),
  });
  if (!data) {
    return (
      <main className="mx-auto max-w-2xl p-6">
        <h1 className="text-2xl font-bold">Punch-out</h1>
        <p className="mt-4">{SESSION_ENDED}</p>
      </main>
    );
  }
  const { session, companyName, q, catalogue, cart, refusal } = data;
  const readOnly = session.operation === 'inspect';
  const totalCents = cart.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const blocked = cart.length === 0 || cart.some((line) => line.problem);
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 p-4 sm:p-6">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">Punch-out</p>
        <h1 className="text-2xl font-bold">Toolhaus for {companyName}</h1>
        <p className="text-base-content/70">
          {readOnly
            ? 'This cart is open for viewing. Return it to your procurement system when you are done.'
            : "Choose tools at your company's prices, then transfer the cart to your procurement system for approval."}
        </p>
      </header>
      {refusal && (
        <p role="alert" className="alert alert-error">
          {refusal.name}: {refusal.reason}
        </p>
      )}
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        {!readOnly && (
          <section aria-labelledby="catalogue-heading" className="flex-1">
            <h2 id="catalogue-heading" className="mb-3 text-xl font-semibold">
              Catalogue
            </h2>
            <form method="get" action="/punchout" className="mb-4 flex gap-2" role="search">
              <label htmlFor="punchout-q" className="sr-only">
                Search tools
              </label>
              <input
                id="punchout-q"
                name="q"
                type="search"
                defaultValue={q}
                placeholder="Name or SKU"
                className="input input-bordered w-full max-w-sm"
              />
              <button type="submit" className="btn btn-outline">
                Search
              </button>
            </form>
            {catalogue.length === 0 ? (
              <p>No tools match.</p>
            ) : (
              <ul aria-label="Tools" className="divide-y divide-base-300">
                {catalogue.map((tool) => (
                  <li
                    key={tool.toolId}
                    className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center"
                  >
                    <div className="flex-1">
                      <p className="font-medium">{tool.name}</p>
                      <p className="text-sm text-base-content/70">
                        {tool.sku} · {formatCents(tool.unitPriceCents)} per piece · minimum{' '}
                        {tool.minQuantity} · {tool.stock} in stock
                      </p>
                    </div>
                    <form method="post" action="/punchout/cart" className="flex items-center gap-2">
                      <input type="hidden" name="toolId" value={tool.toolId} />
                      <input type="hidden" name="mode" value="add" />
                      {q && <input type="hidden" name="q" value={q} />}
                      <label htmlFor={`quantity-${tool.toolId}`} className="sr-only">
                        Quantity of {tool.name}
                      </label>
                      <input
                        id={`quantity-${tool.toolId}`}
                        name="quantity"
                        type="number"
                        min={tool.minQuantity}
                        defaultValue={tool.minQuantity}
                        className="input input-bordered input-sm w-24"
                      />
                      <button type="submit" className="btn btn-primary btn-sm min-h-11">
                        Add to cart
                      </button>
                    </form>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        <section
          aria-labelledby="cart-heading"
          // On a phone the cart comes first: its total and the transfer stay in reach above a long catalogue.
          className="card order-first border border-base-300 bg-base-100 p-4 lg:order-last lg:w-96"
        >
          <h2 id="cart-heading" className="mb-3 text-xl font-semibold">
            Cart
          </h2>
          {cart.length === 0 ? (
            <p>Your cart is empty.</p>
          ) : (
            <ul aria-label="Cart lines" className="flex flex-col gap-3">
              {cart.map((line) => (
                <li key={line.toolId} className="flex flex-col gap-1">
                  <p className="font-medium">{line.name}</p>
                  <p className="text-sm text-base-content/70">
                    {line.sku} · {line.quantity} × {formatCents(line.unitPriceCents)} ={' '}
                    {formatCents(line.quantity * line.unitPriceCents)}
                  </p>
                  {line.problem && <p className="text-sm text-error">{line.problem}</p>}
                  {!readOnly && (
                    <div className="flex gap-2">
                      <form
                        method="post"
                        action="/punchout/cart"
                        className="flex items-center gap-2"
                      >
                        <input type="hidden" name="toolId" value={line.toolId} />
                        <input type="hidden" name="mode" value="set" />
                        <label htmlFor={`cart-${line.toolId}`} className="sr-only">
                          Quantity in cart of {line.name}
                        </label>
                        <input
                          id={`cart-${line.toolId}`}
                          name="quantity"
                          type="number"
                          min={0}
                          defaultValue={line.quantity}
                          className="input input-bordered input-sm w-24"
                        />
                        <button type="submit" className="btn btn-outline btn-sm min-h-11">
                          Update
                        </button>
                      </form>
                      <form method="post" action="/punchout/cart">
                        <input type="hidden" name="toolId" value={line.toolId} />
                        <input type="hidden" name="mode" value="set" />
                        <input type="hidden" name="quantity" value="0" />
                        <button type="submit" className="btn btn-ghost btn-sm min-h-11">
                          Remove
                        </button>
                      </form>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          <p className="mt-4 flex justify-between border-t border-base-300 pt-3 font-semibold">
            <span>Total</span>
            <span data-testid="punchout-total">{formatCents(totalCents)}</span>
          </p>
          <form method="post" action="/punchout/transfer" className="mt-4">
            <button type="submit" className="btn btn-primary min-h-11 w-full" disabled={blocked}>
              Transfer to procurement
            </button>
          </form>
        </section>
      </div>
    </main>
  );
}
