'use client';

import { SessionProvider } from 'next-auth/react';
import { Toaster } from 'sonner';
import { AccessTokenSync } from '@/components/auth/access-token-sync';

export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <SessionProvider>
      <AccessTokenSync />
      {children}
      <Toaster position="top-right" duration={5000} theme="light" />
    </SessionProvider>
  );
}
