// @ts-check
// Answers a GET with the app's route handler itself (lib/process/direct-reads.mjs), as Next would call it but without
// Next's router, proxy and web-stream plumbing around it.
import { webHeaders } from './early-answer.mjs';
import { log } from '../lib/process/log.mjs';

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ handler: import('../lib/process/direct-reads.mjs').DirectHandler; params: Record<string, string> }} read
 */
export async function answerDirectly(req, res, { handler, params }) {
  const headers = webHeaders(req.headers);
  // The origin only fills the Request's URL (handlers read its path and query); who the caller is comes from the
  // headers, which believeOnlyTrustedForwarding has already cleaned.
  const request = new Request(new URL(req.url ?? '/', 'http://localhost'), { headers });
  let response;
  try {
    response = await handler(request, { params: Promise.resolve(params) });
  } catch (error) {
    // route() turns every error into the contract's answer; this is only for a fault outside it.
    log.error({ err: error }, 'direct read failed');
    response = Response.json(
      { error: { code: 'internal', message: 'Something went wrong on our side' } },
      { status: 500 },
    );
  }
  const body = Buffer.from(await response.arrayBuffer());
  /** @type {Record<string, string | string[]>} */
  const head = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') head[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) head['set-cookie'] = cookies;
  head['content-length'] = String(body.length);
  res.writeHead(response.status, head);
  res.end(body);
}
