import { SectionHeading } from './section-heading';

const stats = [
  {
    title: 'Total Orders',
    value: '31K',
    desc: 'Jan 1st - May 1st',
    arrow: '',
    tone: 'text-base-content/75',
  },
  {
    title: 'Customers Served',
    value: '4,200',
    desc: '400 up, 22% higher than last month',
    arrow: '↗︎',
    tone: 'text-green-700',
  },
  {
    title: 'Orders This Month',
    value: '1,200',
    desc: '90 down, 14% lower than last month',
    arrow: '↘︎',
    tone: 'text-red-700',
  },
] as const;

export function BusinessSummary() {
  return (
    <section aria-labelledby="summary-title" className="bg-base-200">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <SectionHeading
          id="summary-title"
          eyebrow="Trusted by the trade"
          title="Our Business Summary"
          lead="Workshops, builders and retailers in 40 countries buy their tools from us."
        />
        <dl className="stats stats-vertical w-full border border-base-300 bg-base-100 shadow-sm md:stats-horizontal">
          {stats.map((stat) => (
            <div key={stat.title} className="stat place-items-center text-center">
              <dt className="stat-title text-sm text-base-content/75">{stat.title}</dt>
              <dd className="stat-value text-primary">{stat.value}</dd>
              <dd className={`stat-desc whitespace-normal text-sm ${stat.tone}`}>
                {stat.arrow ? <span aria-hidden="true">{stat.arrow} </span> : null}
                {stat.desc}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-10 flex flex-col items-center gap-4 text-center">
          <p className="text-lg">
            Questions about an order? Our support team is available <strong>24/7</strong>.
          </p>
          <a href="#contact" className="btn btn-primary">
            Contact us
          </a>
        </div>
      </div>
    </section>
  );
}
