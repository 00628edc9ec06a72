import type { Metadata } from 'next';
import { NotFoundContent } from '@/components/site/not-found-content';

export const metadata: Metadata = { title: 'Page not found' };

// notFound() from a page of the public site (an unknown tool id): the (site) layout already draws navbar and footer.
export default function SiteNotFound() {
  return <NotFoundContent />;
}
