import type { MetadataRoute } from 'next';
import { SITE_URL } from '@/lib/routes';

const publicPaths = ['/', '/tools', '/blog', '/portfolio', '/login', '/signup'] as const;

export default function sitemap(): MetadataRoute.Sitemap {
  return publicPaths.map((path) => ({
    url: new URL(path, SITE_URL).toString(),
    changeFrequency: path === '/' ? 'daily' : 'monthly',
    priority: path === '/' ? 1 : 0.5,
  }));
}
