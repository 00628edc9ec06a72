import type { Metadata } from 'next';
import { siteOrigin } from '@/lib/site-origin';

export const SITE_NAME = 'Toolhaus Manufacturing';

/** Open Graph and Twitter cards: 1200×630, the size every network shows whole. */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 };

/**
 * Link-preview images (app/opengraph-image.tsx, app/tools/opengraph-image.tsx), named explicitly: a page's own
 * openGraph replaces its parents', so an image drawn for a parent segment would not reach it by inheritance.
 */
export const SHARE_IMAGES = {
  site: {
    url: '/opengraph-image',
    alt: 'Toolhaus Manufacturing: industrial tools in bulk, straight from the plant',
  },
  catalogue: {
    url: '/tools/opengraph-image',
    alt: 'The Toolhaus catalogue: drills, grinders, saws, hammers and wrenches by the carton',
  },
} as const;

interface PageFacts {
  title: string;
  description: string;
  /** the page's own path: canonical link and og:url */
  path: string;
  /** a title that is not suffixed with the shop's name */
  absoluteTitle?: boolean;
  image?: (typeof SHARE_IMAGES)[keyof typeof SHARE_IMAGES];
}

/** Title, description, canonical link, Open Graph and Twitter card of a public page, all saying the same. */
export function pageMetadata({
  title,
  description,
  path,
  absoluteTitle,
  image = SHARE_IMAGES.site,
}: PageFacts): Metadata {
  const images = [{ ...image, ...SHARE_CARD_SIZE }];
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { canonical: path },
    openGraph: {
      type: 'website',
      siteName: SITE_NAME,
      locale: 'en_US',
      url: path,
      title,
      description,
      images,
    },
    twitter: { card: 'summary_large_image', title, description, images },
  };
}

/** For pages rendered per request: absolute URLs on the request's own origin when AUTH_URL is not set. */
export async function requestMetadata(metadata: Metadata): Promise<Metadata> {
  return { metadataBase: new URL(await siteOrigin()), ...metadata };
}

/** Search engines leave these out of their index (sign-in forms, the not-found page). */
export const NOINDEX: Metadata['robots'] = { index: false, follow: true };
