import type { Metadata } from 'next';

/** Pages opened from a mailed link carry a secret in their address: keep it out of indexes and other sites' logs. */
export const tokenPageMetadata = (title: string): Metadata => ({
  title,
  robots: { index: false },
  referrer: 'no-referrer',
});
