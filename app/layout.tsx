import type { Metadata, Viewport } from 'next';
import localFont from 'next/font/local';
import { Providers } from '@/components/providers';
import { cachedPageOrigin } from '@/lib/site-origin';
import { SITE_NAME } from '@/lib/seo/page-metadata';
import './globals.css';

// Geist (SIL OFL 1.1, see app/fonts/OFL.txt): a local variable font, so no network at build or run time.
const geist = localFont({
  src: './fonts/geist-latin.woff2',
  weight: '100 900',
  display: 'swap',
  variable: '--font-geist',
});

// A function, not a constant: AUTH_URL is read when a page is rendered, never frozen by the build. Pages rendered
// per request override metadataBase with the request's origin (lib/seo/page-metadata.ts).
export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(cachedPageOrigin()),
    title: { default: SITE_NAME, template: '%s | Toolhaus' },
    description:
      'Toolhaus Manufacturing builds industrial hand and power tools and sells them in bulk: drills, grinders, saws, wrenches and more, shipped worldwide.',
    applicationName: 'Toolhaus',
    openGraph: { type: 'website', siteName: SITE_NAME, locale: 'en_US' },
    twitter: { card: 'summary_large_image' },
    // An explicit icon stops browsers from requesting a missing /favicon.ico (a console error in audits).
    icons: { icon: '/images/favicon.svg' },
  };
}

export const viewport: Viewport = { themeColor: '#ffffff' };

export default function RootLayout({ children }: LayoutProps<'/'>) {
  return (
    <html lang="en" data-theme="light" data-scroll-behavior="smooth" className={geist.variable}>
      <body className="bg-base-100 font-sans text-base-content antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
