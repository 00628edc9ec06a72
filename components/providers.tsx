'use client';

import { SessionProvider } from 'next-auth/react';
import { Toaster } from 'sonner';

export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <SessionProvider>
      {children}
      {/* docs/PRODUCT.md's top right, below the header (64 px) so a toast never covers its controls (Sign Out, the search). */}
      <Toaster
        position="top-right"
        duration={5000}
        theme="light"
        offset={{ top: 76, right: 16 }}
        mobileOffset={{ top: 72, left: 8, right: 8 }}
      />
    </SessionProvider>
  );
}
