// @ts-check
// Lets the app answer a small POST before Next's request handling (lib/process/early-answers.mjs): the body is read
// here, shown to the app's answerer, and put back for Next when the app leaves the request to it.
import { log } from '../lib/process/log.mjs';
import { requestContext } from '../lib/process/request-context.mjs';

/** Forms the app answers early are a few hundred bytes; anything larger goes to Next unread. */
const MAX_BODY_BYTES = 16 * 1024;

/**
 * Reads a body whose Content-Length announced it and un-reads it (Node's `readable.unshift`, made for parsers that
 * peek), so that Next later reads the request from its first byte as if nobody had. The last chunk is taken and put
 * back in the same tick, before the stream could announce its end. Null when the client went away mid-body.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} length
 * @returns {Promise<Buffer | null>}
 */
function peekBody(req, length) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let received = 0;
    const settle = (/** @type {Buffer | null} */ body) => {
      req.off('readable', onReadable);
      req.off('end', onEnd);
      req.off('error', onEnd);
      resolve(body);
    };
    const onEnd = () => settle(null);
    function onReadable() {
      /** @type {Buffer | null} */
      let chunk;
      while ((chunk = req.read()) !== null) {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= length) {
          const body = Buffer.concat(chunks);
          settle(body);
          req.unshift(body);
          return;
        }
      }
    }
    req.on('readable', onReadable);
    req.once('end', onEnd);
    req.once('error', onEnd);
  });
}

/** @param {import('node:http').IncomingHttpHeaders} incoming */
export function webHeaders(incoming) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/**
 * Answers the request from `answerer` when it can, and says whether it did; else the body is back in place for Next.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {import('../lib/process/early-answers.mjs').EarlyAnswerer} answerer
 * @returns {Promise<boolean>}
 */
export async function answerEarly(req, res, answerer) {
  const length = Number(req.headers['content-length']);
  if (!Number.isInteger(length) || length <= 0 || length > MAX_BODY_BYTES) return false;
  const body = await peekBody(req, length);
  if (body === null) {
    // The client went away mid-body: there is no one to answer.
    req.destroy();
    return true;
  }
  const request = { headers: webHeaders(req.headers), body: body.toString('utf8') };
  let closed = false;
  let endTurn = () => {};
  res.once('close', () => {
    closed = true;
    endTurn();
  });
  const key = attempt(() => answerer.oneAtATimeBy?.(request) ?? null);
  if (key) endTurn = await takeTurn(key);
  if (closed) {
    endTurn();
    return true;
  }
  const answer = attempt(() => answerer.answer(request));
  if (!answer) return false;
  endTurn();
  answerInTurn(() => {
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
  return true;
}

/**
 * The answerer's verdict, or null (Next answers) when it failed: a fault of the shortcut must not cost the visitor
 * the answer.
 * @template T
 * @param {() => T | null} decide
 * @returns {T | null}
 */
function attempt(decide) {
  try {
    return decide();
  } catch (error) {
    log.error({ err: error }, 'early answer failed');
    return null;
  }
}

/** @type {Map<string, Promise<void>>} */
const turns = new Map();

/**
 * Waits until the requests of `key` before this one have been answered, and answers the function that ends this
 * one's turn.
 * @param {string} key
 * @returns {Promise<() => void>}
 */
async function takeTurn(key) {
  const before = turns.get(key);
  /** @type {() => void} */
  let end = () => {};
  const mine = new Promise((resolve) => {
    end = () => resolve(undefined);
  });
  const queue = (before ?? Promise.resolve()).then(() => mine);
  turns.set(key, queue);
  void queue.then(() => {
    if (turns.get(key) === queue) turns.delete(key);
  });
  await before;
  return end;
}

/**
 * Early answers are refusals of a flood (lib/auth/known-lock-refusal.ts), so they give way to every other visitor.
 * While Next is answering anyone, one is sent every BESIDE_OTHERS_MS: a refusal, with the request its client sends
 * next, costs about 0.3 ms of the core, so the flood then takes at most a sixth of it. With nobody else waiting they
 * go out ALONE_PER_TURN per turn of the event loop, at the server's full pace. Sent all at once instead, 200
 * refusals in flight put 200 answers and 200 new requests between every two steps of each other visitor's request.
 */
const BESIDE_OTHERS_MS = 2;
const ALONE_PER_TURN = 8;
/** @type {(() => void)[]} */
let waiting = [];
let answering = 0;
let lastSentBesideOthers = 0;

/**
 * Counts a request Next (or a direct read, server/direct-read.mjs) is answering until its response closes.
 * @param {import('node:http').ServerResponse} res
 */
export function nextIsAnswering(res) {
  answering += 1;
  res.once('close', () => {
    answering -= 1;
  });
}

/** @param {() => void} send */
function answerInTurn(send) {
  waiting.push(send);
  if (waiting.length === 1) setImmediate(sendSome);
}

function sendSome() {
  let count = ALONE_PER_TURN;
  if (answering > 0) {
    const wait = lastSentBesideOthers + BESIDE_OTHERS_MS - performance.now();
    if (wait > 0) {
      setTimeout(sendSome, wait);
      return;
    }
    lastSentBesideOthers = performance.now();
    count = 1;
  }
  const now = waiting.slice(0, count);
  waiting = waiting.slice(count);
  for (const send of now) send();
  if (waiting.length > 0) setImmediate(sendSome);
}

/** Early answers in the log: one line a second per route and status, not one per refusal of a flood. */
const LOG_EVERY_MS = 1000;
/** @type {Map<string, { route: string, status: number, count: number }>} */
const unlogged = new Map();

/**
 * @param {string} route
 * @param {number} status
 */
export function logEarlyAnswer(route, status) {
  const key = `${status} ${route}`;
  const entry = unlogged.get(key) ?? { route, status, count: 0 };
  entry.count += 1;
  // Outside the request's context: the summary is no one request's line.
  if (unlogged.size === 0)
    requestContext.exit(() => setTimeout(flushEarlyAnswerLog, LOG_EVERY_MS).unref());
  unlogged.set(key, entry);
}

/** Also at shutdown (server/instance.mjs), so the last second's refusals are not lost. */
export function flushEarlyAnswerLog() {
  for (const entry of unlogged.values()) log.info(entry, 'early answers');
  unlogged.clear();
}
