import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailMode } from '@/lib/mail/config';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('where mail goes', () => {
  it('SMTP when SMTP_URL is set, the local mailbox on the embedded database, nowhere in server mode without it', () => {
    vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:2525');
    vi.stubEnv('AUTH_URL', 'https://shop.example');
    expect(mailMode()).toBe('smtp');
    vi.stubEnv('SMTP_URL', '');
    vi.stubEnv('DATABASE_URL', '');
    expect(mailMode()).toBe('mailbox');
    vi.stubEnv('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/shop');
    expect(mailMode()).toBe('unavailable');
  });
});
