import Image from 'next/image';
import Link from 'next/link';

/**
 * The not-found page's body (docs/PRODUCT.md, Screens and routes); the layout around it brings the navbar and footer.
 */
export function NotFoundContent() {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-12">
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
    </div>
  );
}
