// @ts-check
import pino from 'pino';
import { currentRequestId } from './request-context.mjs';

// One JSON line per event on stdout, for the instance server and the app alike: one logger configuration. Secrets never
// reach a line: these fields are censored wherever they appear.
const REDACTED_FIELDS = ['password', 'token', 'authorization', 'cookie', 'cardNumber', 'cvc'];

export const log = pino({
  base: { pid: process.pid },
  redact: {
    paths: REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`]),
    censor: '[redacted]',
  },
  timestamp: pino.stdTimeFunctions.isoTime,
  // Lines written while a request is handled carry its id.
  mixin: () => {
    const requestId = currentRequestId();
    return requestId ? { requestId } : {};
  },
});
