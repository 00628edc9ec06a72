import Image from 'next/image';
import { SectionHeading } from './section-heading';

const features = [
  {
    icon: '/images/features/bulk.svg',
    title: 'Bulk orders, factory prices',
    text: 'Every tool is sold by the piece with a clear minimum order, so you pay factory prices without a sales call.',
    more: 'Prices are set per unit and shown up front. Larger runs are planned into our production schedule, so stock for your order is reserved the moment it is placed and never oversold.',
  },
  {
    icon: '/images/features/durable.svg',
    title: 'Built for daily job-site use',
    text: 'Hardened steel, sealed motors and grips designed with the tradespeople who use them eight hours a day.',
    more: 'Each batch is sampled for drop, torque and run-time tests before it leaves the plant. Hand tools carry a lifetime warranty and power tools a three-year warranty against manufacturing defects.',
  },
  {
    icon: '/images/features/shipping.svg',
    title: 'Shipping worldwide',
    text: 'Palletized freight from our plant in Chattogram to workshops, retailers and builders in more than 40 countries.',
    more: 'Orders are packed in labeled cartons by tool and quantity. Once an order is paid we prepare it for shipment, and you can follow its status from your dashboard.',
  },
  {
    icon: '/images/features/payment.svg',
    title: 'Secure card payments',
    text: 'Pay for an order by card in a few seconds; the amount is always calculated by our server from the catalogue price.',
    more: 'Card details go straight to our payment provider and never touch our servers. Unpaid orders can be cancelled at any time from My Orders, and the stock goes back on sale.',
  },
] as const;

export function Features() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16">
      <SectionHeading
        id="features-title"
        eyebrow="Why Toolhaus"
        title="Main features"
        lead="What you get with every order, whether it is fifty wrenches or five thousand."
      />
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map((feature) => (
          <article
            key={feature.title}
            className="card border border-base-300 bg-base-100 shadow-sm"
          >
            <div className="card-body gap-3">
              <Image src={feature.icon} alt="" width={56} height={56} unoptimized />
              <h3 className="card-title text-lg">{feature.title}</h3>
              <p className="text-base-content/75">{feature.text}</p>
              {/* <details> expands the card without any client JavaScript. */}
              <details className="group mt-auto">
                <summary className="btn btn-ghost btn-sm -ml-3 w-fit text-primary [&::-webkit-details-marker]:hidden">
                  <span className="group-open:hidden">Read more</span>
                  <span className="hidden group-open:inline">Show less</span>
                  <span className="sr-only"> about {feature.title}</span>
                </summary>
                <p className="mt-2 text-base-content/75">{feature.more}</p>
              </details>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
