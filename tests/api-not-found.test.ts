import { describe, expect, it } from 'vitest';
import * as unknownCall from '@/app/api/[...path]/route';
import { call, type ErrorBody } from './helpers';

describe('a path under /api that names no call', () => {
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    '%s answers the JSON 404 of the contract',
    async (method) => {
      const { status, body } = await call<ErrorBody>(unknownCall[method], {
        method,
        path: '/api/nope',
        ...(method !== 'GET' && method !== 'DELETE' && { body: { any: 'thing' } }),
      });
      expect(status).toBe(404);
      expect(body.error).toEqual({ code: 'not_found', message: 'No such API call' });
    },
  );
});
