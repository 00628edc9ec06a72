import type { Metadata } from 'next';
import { JsonLd } from '@/components/seo/json-ld';
import { pageMetadata, requestMetadata } from '@/lib/seo/page-metadata';
import { personJsonLd } from '@/lib/seo/structured-data';
import { siteOrigin } from '@/lib/site-origin';

export async function generateMetadata(): Promise<Metadata> {
  return requestMetadata(
    pageMetadata({
      title: 'Portfolio',
      description:
        'Tanvir Ahmed, the full-stack JavaScript developer behind the Toolhaus web shop: skills, projects and how to get in touch.',
      path: '/portfolio',
    }),
  );
}

const owner = {
  name: 'Tanvir Ahmed',
  role: 'Full-stack JavaScript developer',
  email: 'tanvir.ahmed@example.com',
  linkedIn: 'https://www.linkedin.com/in/tanvir-ahmed-toolhaus',
};

const skills = ['HTML', 'CSS', 'Node.js', 'JavaScript', 'MongoDB', 'React', 'Express.js'] as const;

const projects = [
  {
    name: 'Warehouse Stock Tracker',
    href: 'https://stock-tracker.example.com',
    description:
      'Real-time stock levels for three warehouses, with low-stock alerts and barcode scanning from a phone.',
    stack: 'React, Express.js, MongoDB',
  },
  {
    name: 'Workshop Booking',
    href: 'https://workshop-booking.example.com',
    description:
      'Lets customers book hands-on tool training sessions, pay a deposit and get reminders by email.',
    stack: 'React, Node.js, MongoDB',
  },
  {
    name: 'Quote Builder',
    href: 'https://quote-builder.example.com',
    description:
      'Turns a list of tools and quantities into a printable bulk-price quote with tiered discounts.',
    stack: 'JavaScript, HTML, CSS',
  },
] as const;

const newTab = <span className="sr-only"> (opens in a new tab)</span>;

export default async function PortfolioPage() {
  return (
    <div className="mx-auto max-w-5xl space-y-14 px-4 py-12 sm:py-16">
      <JsonLd data={personJsonLd(await siteOrigin(), { ...owner, skills })} />
      <section aria-labelledby="owner-name" className="card border border-base-300 bg-base-200">
        <div className="card-body items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
          <div
            aria-hidden="true"
            className="flex size-24 shrink-0 items-center justify-center rounded-full bg-primary text-3xl font-bold text-primary-content"
          >
            TA
          </div>
          <div className="space-y-3">
            <h1 id="owner-name" className="text-4xl font-extrabold tracking-tight">
              {owner.name}
            </h1>
            <p className="text-lg font-medium text-primary">{owner.role}</p>
            <p className="max-w-2xl text-base-content/80">
              I build and run the Toolhaus web shop. After five years of writing software for
              manufacturers in Chattogram, I enjoy turning paper order books and spreadsheets into
              fast, accessible web applications that the people on the shop floor actually like
              using.
            </p>
            <p>
              Email:{' '}
              <a href={`mailto:${owner.email}`} className="link link-primary">
                {owner.email}
              </a>
            </p>
            <a
              href={owner.linkedIn}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-primary"
            >
              LinkedIn profile{newTab}
            </a>
          </div>
        </div>
      </section>

      <section aria-labelledby="skills-title">
        <h2 id="skills-title" className="mb-5 text-2xl font-bold">
          Skills
        </h2>
        <ul className="flex flex-wrap gap-3">
          {skills.map((skill) => (
            <li key={skill} className="badge badge-lg badge-outline px-4 py-4 font-medium">
              {skill}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="projects-title">
        <h2 id="projects-title" className="mb-5 text-2xl font-bold">
          Projects
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {projects.map((project) => (
            <li key={project.href} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body">
                <h3 className="card-title">{project.name}</h3>
                <p className="text-base-content/75">{project.description}</p>
                <p className="text-sm">
                  <span className="font-semibold">Built with:</span> {project.stack}
                </p>
                <div className="card-actions mt-2">
                  <a
                    href={project.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="link link-primary font-semibold"
                  >
                    Visit {project.name}
                    {newTab}
                  </a>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
