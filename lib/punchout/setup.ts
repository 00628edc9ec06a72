import type { Database } from '@/lib/db/client';
import { assertBuyerBelongs, companyOfCxml } from './authenticate';
import { punchOutSetupResponse } from './messages';
import { openSession } from './sessions';
import { parseSetupRequest } from './setup-request';

/**
 * `POST /punchout/cxml`: a PunchOutSetupRequest from a company's procurement system becomes a session waiting at a
 * one-time StartPage, whose address the PunchOutSetupResponse carries.
 */
export async function answerSetupRequest(
  db: Database,
  xml: string,
  origin: string,
): Promise<string> {
  const request = parseSetupRequest(xml);
  const settings = await companyOfCxml(db, request);
  await assertBuyerBelongs(db, settings);
  const token = await openSession(
    db,
    {
      settings,
      protocol: 'cxml',
      operation: request.operation,
      buyerCookie: request.buyerCookie,
      buyerCredentials: request.from,
      returnUrl: request.browserFormPost,
      items: request.operation === 'create' ? [] : request.items,
    },
    'startPage',
  );
  return punchOutSetupResponse(`${origin}/punchout/start/${token}`, new URL(origin).host);
}
