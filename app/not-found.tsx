import type { Metadata } from 'next';
import { Footer } from '@/components/site/footer';
import { Navbar } from '@/components/site/navbar';
import { NotFoundContent } from '@/components/site/not-found-content';

// Next marks a 404 noindex itself; a missing page has no link preview (this page is built once, without the origin).
export const metadata: Metadata = { title: 'Page not found', openGraph: null, twitter: null };

// Unknown URLs render inside the root layout only, so this page brings its own navbar and footer;
// app/(site)/not-found.tsx serves notFound() thrown by pages that already have them.
export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Navbar />
      <main id="main" className="flex flex-1 flex-col">
        <NotFoundContent />
      </main>
      <Footer />
    </div>
  );
}
