import type { Metadata } from 'next';
import { Footer } from '@/components/site/footer';
import { Navbar } from '@/components/site/navbar';
import { NotFoundContent } from '@/components/site/not-found-content';

export const metadata: Metadata = { title: 'Page not found' };

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
