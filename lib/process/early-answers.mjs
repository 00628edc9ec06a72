// @ts-check
// What the app can answer before Next reads a request (server/early-answer.mjs asks): a refusal it already knows,
// answered in microseconds instead of the milliseconds of Next's request handling. The app registers its answers
// at startup (lib/startup.ts). On globalThis because the server and Next's bundles each load their own copy.

/**
 * A small POST as the instance server read it: its headers and its whole body.
 * @typedef {{ headers: Headers; body: string }} EarlyRequest
 */
/**
 * @typedef {{ status: number; headers: Record<string, string>; body: string }} EarlyAnswer
 */
/**
 * `answer` answers the request, or null to leave it to Next; synchronous, it may read memory only, never the
 * database. `oneAtATimeBy` names what requests queue on (an account's email): of those with the same key, one at a
 * time is in Next in this process, and each waiting one is offered to `answer` when its turn comes, so it sees what
 * the one before it taught the app (a lock) instead of all of them paying for Next first.
 * @typedef {{ answer: (request: EarlyRequest) => EarlyAnswer | null; oneAtATimeBy?: (request: EarlyRequest) => string | null }} EarlyAnswerer
 */

const holder =
  /** @type {typeof globalThis & { __toolhausEarlyAnswers?: Map<string, EarlyAnswerer> }} */ (
    globalThis
  );

const answerers = () => (holder.__toolhausEarlyAnswers ??= new Map());

/**
 * Lets `answerer` see every POST to `pathname` before Next does.
 * @param {string} pathname
 * @param {EarlyAnswerer} answerer
 */
export function answerPostsEarly(pathname, answerer) {
  answerers().set(pathname, answerer);
}

/**
 * @param {string | undefined} method
 * @param {string} pathname
 * @returns {EarlyAnswerer | undefined}
 */
export function earlyAnswererFor(method, pathname) {
  return method === 'POST' ? answerers().get(pathname) : undefined;
}
