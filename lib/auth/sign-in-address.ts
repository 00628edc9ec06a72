import { headers } from 'next/headers';
import { clientRequest } from '@/lib/client-request';

/** The address of the request Auth.js is handling (its events get no request); null outside one. */
export async function signInAddress(): Promise<string | null> {
  try {
    return clientRequest(await headers()).address;
  } catch {
    return null;
  }
}
