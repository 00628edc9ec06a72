import Image from 'next/image';
import { CONTACT } from '@/config/contact';
import { SectionHeading } from './section-heading';

export function Contact() {
  return (
    <section id="contact" aria-labelledby="contact-title" className="mx-auto max-w-6xl px-4 py-16">
      <SectionHeading
        id="contact-title"
        eyebrow="Get in touch"
        title="Contact our team"
        lead="We are always here to help you"
      />
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <address className="not-italic">
          <dl className="space-y-5 text-lg">
            <div>
              <dt className="text-sm font-semibold uppercase tracking-wider text-base-content/75">
                Location
              </dt>
              <dd>
                {CONTACT.city}, {CONTACT.country}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold uppercase tracking-wider text-base-content/75">
                Site address
              </dt>
              <dd>
                {CONTACT.streetAddress}, {CONTACT.city} {CONTACT.postalCode}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold uppercase tracking-wider text-base-content/75">
                Phone
              </dt>
              <dd>
                <a href={`tel:${CONTACT.phone.tel}`} className="link link-primary">
                  {CONTACT.phone.display}
                </a>
              </dd>
            </div>
          </dl>
        </address>
        <Image
          src="/images/contact.svg"
          alt="A map pin over a city map next to a phone showing a support chat"
          width={480}
          height={360}
          unoptimized
          className="mx-auto h-auto w-full max-w-md"
        />
      </div>
    </section>
  );
}
