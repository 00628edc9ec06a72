import { otherMethods } from '@/lib/http';
import { openOciSession } from '@/lib/punchout/oci-entry';

/** OCI 4.0's catalogue call, as SAP sends it: a link (GET) or a form (POST) with HOOK_URL, USERNAME and PASSWORD. */
export const GET = openOciSession;
export const POST = openOciSession;

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
