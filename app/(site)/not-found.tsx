import type { Metadata } from 'next';
import { NotFoundContent } from '@/components/site/not-found-content';

// Next marks a 404 noindex itself; a missing page has no link preview (this page is built once, without the origin).
export const metadata: Metadata = { title: 'Page not found', openGraph: null, twitter: null };

// notFound() from a page of the public site (an unknown tool id): the (site) layout already draws navbar and footer.
export default function SiteNotFound() {
  return <NotFoundContent />;
}
