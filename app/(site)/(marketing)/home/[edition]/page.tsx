import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BusinessSummary } from '@/components/home/business-summary';
import { Contact } from '@/components/home/contact';
import { Features } from '@/components/home/features';
import { Hero } from '@/components/home/hero';
import { ReviewsSection } from '@/components/home/reviews-section';
import { ToolsSection } from '@/components/home/tools-section';
import { JsonLd } from '@/components/seo/json-ld';
import { HOME_EDITION } from '@/config/routes';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { organizationJsonLd, webSiteJsonLd } from '@/lib/seo/structured-data';
import { cachedPageOrigin } from '@/lib/site-origin';

export const metadata: Metadata = pageMetadata({
  title: 'Toolhaus Manufacturing — industrial tools in bulk',
  absoluteTitle: true,
  description:
    'Order drills, grinders, saws, hammers and wrenches in bulk straight from the Toolhaus plant: factory prices per unit, clear minimum orders and secure card payment.',
  path: '/',
});

// The home page is served at '/' through a rewrite (next.config.ts) to this route so that it can be cached like a
// static page without being rendered at build time, when there is no database: the first request renders it,
// later requests get the cached HTML, and every write to tools or reviews invalidates it (lib/cache.ts).
export const revalidate = 30;
export const dynamicParams = true;
export function generateStaticParams(): { edition: string }[] {
  return [];
}

export default async function HomePage({ params }: PageProps<'/home/[edition]'>) {
  // One cached edition only: other values must not fill the cache.
  if ((await params).edition !== HOME_EDITION) notFound();
  // Cached HTML shared by every visitor: its absolute URLs never come from one request's Host header.
  const origin = cachedPageOrigin();
  return (
    <>
      <JsonLd data={organizationJsonLd(origin)} />
      <JsonLd data={webSiteJsonLd(origin)} />
      <Hero />
      <ToolsSection />
      <BusinessSummary />
      <Features />
      <ReviewsSection />
      <Contact />
    </>
  );
}
