import type { MetadataRoute } from 'next';
import { latestReviewAt } from '@/lib/reviews';
import { siteOrigin } from '@/lib/site-origin';
import { CATALOGUE_PAGE_SIZE, getCatalogueSummary, listTools } from '@/lib/tools/catalogue';
import { productPath } from '@/lib/tools/product-path';

/** The public pages a search engine should know: no sign-in forms, nothing behind a login. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [origin, catalogue, reviewedAt, products] = await Promise.all([
    siteOrigin(),
    getCatalogueSummary(),
    latestReviewAt(),
    listTools(),
  ]);
  const url = (path: string) => new URL(path, origin).toString();
  const newest = (...times: (string | null)[]) =>
    times
      .filter((time): time is string => time !== null)
      .sort()
      .at(-1);
  const cataloguePages = Math.max(1, Math.ceil(catalogue.total / CATALOGUE_PAGE_SIZE));

  return [
    // The home page shows the newest tools and reviews.
    { url: url('/'), lastModified: newest(catalogue.changedAt, reviewedAt), priority: 1 },
    ...Array.from({ length: cataloguePages }, (_, index) => ({
      url: url(index === 0 ? '/tools' : `/tools?page=${index + 1}`),
      lastModified: catalogue.changedAt ?? undefined,
      priority: index === 0 ? 0.8 : 0.5,
    })),
    // Each tool's public page; its reviews may change it too.
    ...products.map((tool) => ({
      url: url(productPath(tool)),
      lastModified: newest(catalogue.changedAt, reviewedAt),
      priority: 0.7,
    })),
    { url: url('/blog'), priority: 0.5 },
    { url: url('/portfolio'), priority: 0.3 },
  ];
}
