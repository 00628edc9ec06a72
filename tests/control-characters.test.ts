import { describe, expect, it } from 'vitest';
import * as companyRoute from '@/app/api/user/company/route';
import { CONTROL_CHARACTERS_MESSAGE } from '@/lib/validation/fields';
import { call, makeUser, type ErrorBody } from './helpers';

describe('control characters in what prints on an invoice', () => {
  it('a company name with a carriage return is a 400 on its field, and nothing is written', async () => {
    const buyer = await makeUser();
    const refused = await call<ErrorBody>(companyRoute.PUT, {
      method: 'PUT',
      token: buyer.token,
      body: { companyName: 'ACME\rGmbH', billingAddress: 'Hauptstr. 1\u0085Berlin' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      companyName: CONTROL_CHARACTERS_MESSAGE,
      billingAddress: CONTROL_CHARACTERS_MESSAGE,
    });
    const stored = await call<{ companyName: string | null }>(companyRoute.GET, {
      token: buyer.token,
    });
    expect(stored.body.companyName ?? null).toBeNull();
  });
});
