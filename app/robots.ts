import type { MetadataRoute } from 'next';
import { SITE_URL } from '@/lib/routes';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/dashboard', '/api', '/home/'] },
    sitemap: new URL('/sitemap.xml', SITE_URL).toString(),
  };
}
