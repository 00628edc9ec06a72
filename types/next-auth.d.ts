import type { DefaultSession } from 'next-auth';
import type { Role } from '@/lib/types';

declare module 'next-auth' {
  interface Session {
    user: { id: string; role: Role; sessionVersion: number } & DefaultSession['user'];
  }
}

declare module '@auth/core/jwt' {
  interface JWT {
    role?: Role;
    /** the account's session version at sign-in (lib/auth/sessions.ts) */
    sv?: number;
  }
}
