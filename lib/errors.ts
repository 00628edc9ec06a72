export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payment_failed'
  | 'too_many_requests'
  | 'method_not_allowed'
  | 'too_large'
  | 'unavailable';

/** A failure the caller caused or may retry; mapped to an HTTP status in one place (lib/http.ts). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'bad_request', message, fields);
export const unauthorized = (message = 'Please log in first') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'conflict', message, fields);
export const paymentFailed = (message: string) => new AppError(402, 'payment_failed', message);
export const unavailable = (message: string) => new AppError(503, 'unavailable', message);
export const tooLarge = (limit: number) =>
  new AppError(413, 'too_large', `The body must be at most ${limit} bytes`);
