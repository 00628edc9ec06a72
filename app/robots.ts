import type { MetadataRoute } from 'next';
import { siteOrigin } from '@/lib/site-origin';

export default async function robots(): Promise<MetadataRoute.Robots> {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      // Sign-in forms stay crawlable so that their noindex is seen.
      disallow: ['/dashboard', '/api', '/home/', '/addreview'],
    },
    sitemap: new URL('/sitemap.xml', await siteOrigin()).toString(),
  };
}
