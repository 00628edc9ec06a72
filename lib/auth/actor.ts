import type { Role } from '@/lib/types';

/** Who is making a request, as every service sees it. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  role: Role;
}

export const isAdmin = (actor: Actor | null): actor is Actor => actor?.role === 'admin';
