import type { MetadataRoute } from 'next';

const siteUrl = process.env.AUTH_URL ?? 'http://localhost:3000';

const publicPaths = ['/', '/tools', '/blog', '/portfolio', '/login', '/signup'] as const;

export default function sitemap(): MetadataRoute.Sitemap {
  return publicPaths.map((path) => ({
    url: new URL(path, siteUrl).toString(),
    changeFrequency: path === '/' ? 'daily' : 'monthly',
    priority: path === '/' ? 1 : 0.5,
  }));
}
