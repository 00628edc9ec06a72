import { otherMethods } from '@/lib/http';
import { cxmlRoute } from '@/lib/punchout/cxml-route';
import { answerSetupRequest } from '@/lib/punchout/setup';

/** A procurement system's PunchOutSetupRequest → PunchOutSetupResponse with a one-time StartPage. */
export const POST = cxmlRoute(answerSetupRequest);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
