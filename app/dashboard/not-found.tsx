import type { Metadata } from 'next';
import { NotFoundContent } from '@/components/site/not-found-content';

export const metadata: Metadata = { title: 'Page not found' };

// notFound() from a dashboard page (an order that is not yours): the dashboard layout draws the frame.
export default function DashboardNotFound() {
  return <NotFoundContent />;
}
