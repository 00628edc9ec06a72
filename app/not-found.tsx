import type { Metadata } from 'next';
import Image from 'next/image';
import Link from 'next/link';
import { Footer } from '@/components/site/footer';
import { Navbar } from '@/components/site/navbar';

export const metadata: Metadata = { title: 'Page not found' };

// Rendered inside the root layout only (not the (site) layout), so it brings its own navbar and footer.
export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Navbar />
      <main id="main" className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="flex max-w-lg flex-col items-center gap-5 text-center">
          <Image
            src="/images/not-found.svg"
            alt="A broken wrench next to a traffic cone and a question mark"
            width={480}
            height={360}
            unoptimized
            loading="eager"
            className="h-auto w-full max-w-sm"
          />
          <h1 className="text-4xl font-extrabold tracking-tight">Error</h1>
          <p className="text-lg text-base-content/75">The Page you are looking is not found</p>
          <Link href="/" className="btn btn-primary">
            Back to home
          </Link>
        </div>
      </main>
      <Footer />
    </div>
  );
}
