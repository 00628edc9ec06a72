import { errorResponse } from '@/lib/http';
import { notFound } from '@/lib/errors';

// Paths under /api that name no call get the contract's JSON error, not the site's HTML not-found page.
const noSuchCall = () => errorResponse(notFound('No such API call'));

export const GET = noSuchCall;
export const POST = noSuchCall;
export const PUT = noSuchCall;
export const PATCH = noSuchCall;
export const DELETE = noSuchCall;
