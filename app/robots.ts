import type { MetadataRoute } from 'next';

const siteUrl = process.env.AUTH_URL ?? 'http://localhost:3000';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/dashboard', '/api', '/home/'] },
    sitemap: new URL('/sitemap.xml', siteUrl).toString(),
  };
}
