import Link from 'next/link';
import { SITE_LINKS, type SiteLink } from '@/config/routes';

const socials = [
  {
    label: 'Toolhaus on Facebook',
    href: 'https://www.facebook.com/',
    path: 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z',
  },
  {
    label: 'Toolhaus on X (Twitter)',
    href: 'https://x.com/',
    path: 'M4 3h4.6l4.1 5.8L17.8 3H20l-6.3 7.3L21 21h-4.6l-4.5-6.3L6.4 21H4.2l6.7-7.7z',
  },
  {
    label: 'Toolhaus on LinkedIn',
    href: 'https://www.linkedin.com/',
    path: 'M4 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM2.3 9h3.4v12H2.3zM9 9h3.3v1.7c.5-.9 1.7-2 3.6-2 3.7 0 4.4 2.4 4.4 5.6V21h-3.4v-5.9c0-1.4 0-3.2-2-3.2s-2.3 1.5-2.3 3.1v6H9z',
  },
  {
    label: 'Toolhaus on YouTube',
    href: 'https://www.youtube.com/',
    path: 'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.8 15.1V8.9l5.8 3.1z',
  },
] as const;

const pages: SiteLink[] = [{ href: '/', label: 'Home' }, ...SITE_LINKS];

export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-6xl px-4 py-10 sm:footer-horizontal">
        <div>
          <p className="text-lg font-bold">Toolhaus Manufacturing</p>
          <p className="max-w-xs">
            Toolhaus Manufacturing — industrial hand and power tools in bulk
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="footer-title opacity-90">Explore</h2>
          {pages.map((page) => (
            <Link key={page.href} href={page.href} className="link-hover link">
              {page.label}
            </Link>
          ))}
        </nav>
        <nav aria-label="Social media">
          <h2 className="footer-title opacity-90">Follow us</h2>
          <ul className="flex gap-2">
            {socials.map((social) => (
              <li key={social.href}>
                <a
                  href={social.href}
                  aria-label={social.label}
                  rel="noopener noreferrer"
                  className="inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10"
                >
                  <svg viewBox="0 0 24 24" className="size-6 fill-current" aria-hidden="true">
                    <path d={social.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/15 px-4 py-4 text-center text-sm">
        <p>Copyright © 2022 - All rights reserved by Toolhaus Manufacturing</p>
      </div>
    </footer>
  );
}
