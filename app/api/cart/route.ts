import { otherMethods } from '@/lib/http';
import { readCallersCart } from '@/lib/signed-in-reads';

/** The caller's cart; served directly by the instance server too (lib/signed-in-reads.ts). */
export const GET = readCallersCart;

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
