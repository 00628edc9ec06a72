import { afterEach, describe, expect, it } from 'vitest';
import { freezeEnv, getEnv } from '@/lib/env';
import { getGateway, paymentsConfigured } from '@/lib/payments';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

function problemsWith(settings: Record<string, string | undefined>): string[] {
  process.env = { ...saved, ...settings };
  try {
    getEnv();
    return [];
  } catch (error) {
    return (error as Error).message.split('\n').slice(1);
  }
}

// prettier-ignore
const ONE_PROBLEM: [Record<string, string>, string][] = [
  [{ DATABASE_URL: 'mysql://u@h/db' }, '- DATABASE_URL: DATABASE_URL must be a postgres:// URL'],
  [{ DATABASE_URL: 'not-a-url' }, '- DATABASE_URL: DATABASE_URL must be a postgres:// URL'],
  [{ DATABASE_POOL_SIZE: 'many' }, '- DATABASE_POOL_SIZE: DATABASE_POOL_SIZE must be a number'],
  [{ AUTH_SECRET: 'tooshort' }, '- AUTH_SECRET: AUTH_SECRET must be at least 32 characters'],
  [{ AUTH_URL: 'notaurl' }, '- AUTH_URL: AUTH_URL must be a URL'],
  [{ STRIPE_SECRET_KEY: 'pk_test_123' }, '- STRIPE_SECRET_KEY: STRIPE_SECRET_KEY must be a secret key (sk_… or rk_…)'],
  [{ TRUSTED_PROXIES: '-1' }, '- TRUSTED_PROXIES: TRUSTED_PROXIES must be 0 or more'],
  [{ METRICS_TOKEN: 'short' }, '- METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters'],
  [{ SHUTDOWN_NOTICE_SECONDS: 'soon' }, '- SHUTDOWN_NOTICE_SECONDS: SHUTDOWN_NOTICE_SECONDS must be a number'],
  [{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, '- SHUTDOWN_TIMEOUT_SECONDS: SHUTDOWN_TIMEOUT_SECONDS must be 1 or more'],
  [{ SMTP_URL: 'http://mail.example.com', AUTH_URL: 'https://shop.example' }, '- SMTP_URL: SMTP_URL must be an smtp:// or smtps:// URL'],
  [{ DATABASE_URL: 'postgres://u@h/db', DATABASE_REPLICA_URL: 'mysql://u@h/db' }, '- DATABASE_REPLICA_URL: DATABASE_REPLICA_URL must be a postgres:// URL'],
  [{ DATABASE_TRANSACTION_POOLING: 'yes' }, '- DATABASE_TRANSACTION_POOLING: DATABASE_TRANSACTION_POOLING must be true or false'],
];

// prettier-ignore
const ONLY_TOGETHER: [Record<string, string | undefined>, string][] = [
  [{ SEED_ADMIN_EMAIL: 'boss@example.com', SEED_ADMIN_PASSWORD: undefined }, '- SEED_ADMIN_PASSWORD: SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD go together'],
  [{ AUTH_GOOGLE_ID: 'id', AUTH_GOOGLE_SECRET: undefined }, '- AUTH_GOOGLE_SECRET: AUTH_GOOGLE_ID and AUTH_GOOGLE_SECRET go together'],
  [{ SMTP_URL: 'smtps://user:pw@mail.example.com:465', AUTH_URL: undefined }, '- AUTH_URL: SMTP_URL needs AUTH_URL: links in mail point at the public URL'],
  [{ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: undefined }, '- STRIPE_SECRET_KEY: PAYMENTS=stripe needs STRIPE_SECRET_KEY'],
  [{ DATABASE_URL: undefined, DATABASE_REPLICA_URL: 'postgres://u@replica/db' }, '- DATABASE_REPLICA_URL: DATABASE_REPLICA_URL needs DATABASE_URL'],
  [{ DATABASE_URL: 'postgres://u@bouncer/db', DATABASE_TRANSACTION_POOLING: 'true', DATABASE_DIRECT_URL: undefined }, '- DATABASE_DIRECT_URL: DATABASE_TRANSACTION_POOLING needs DATABASE_DIRECT_URL: migrations and LISTEN need the primary itself'],
  [{ NODE_ENV: 'production', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop', AUTH_SECRET: undefined }, '- AUTH_SECRET: AUTH_SECRET is required when DATABASE_URL is set'],
];

describe('environment validation (one line per problem)', () => {
  it.each(ONE_PROBLEM)('%j → %s', (settings, line) => {
    expect(problemsWith(settings)).toEqual([line]);
  });

  it.each(ONLY_TOGETHER)('refuses settings that only work together: %j', (settings, line) => {
    expect(problemsWith(settings)).toEqual([line]);
  });

  it('accepts a complete server configuration', () => {
    expect(
      problemsWith({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/shop',
        DATABASE_POOL_SIZE: '20',
        AUTH_SECRET: 'x'.repeat(32),
        STRIPE_SECRET_KEY: 'sk_test_123',
        TRUSTED_PROXIES: '1',
      }),
    ).toEqual([]);
  });
});

describe('card payments in production', () => {
  const server = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://db/shop',
    AUTH_SECRET: 'x'.repeat(32),
  } as const;

  it('needs Stripe or an explicit PAYMENTS=test on a PostgreSQL server', () => {
    process.env = { ...saved, ...server };
    delete process.env.PAYMENTS;
    delete process.env.STRIPE_SECRET_KEY;
    expect(paymentsConfigured()).toBe(false);
    expect(() => getGateway()).toThrow('Card payments are not configured on this shop');
    process.env.PAYMENTS = 'test';
    expect(getGateway().name).toBe('test');
  });

  it('always has the test gateway on the embedded demo database, also under next start', () => {
    process.env = { ...saved, NODE_ENV: 'production' };
    for (const name of ['DATABASE_URL', 'PAYMENTS', 'STRIPE_SECRET_KEY']) delete process.env[name];
    expect(getGateway().name).toBe('test');
  });
});

describe('a started server', () => {
  it('keeps the environment it validated at start', () => {
    process.env = { ...saved, DATABASE_POOL_SIZE: '7' };
    try {
      freezeEnv();
      process.env.DATABASE_POOL_SIZE = '3';
      process.env.AUTH_URL = 'not a url';
      expect(getEnv().DATABASE_POOL_SIZE).toBe(7);
    } finally {
      delete (globalThis as { __toolhausFrozenEnv?: unknown }).__toolhausFrozenEnv;
    }
    expect(getEnv).toThrow('AUTH_URL must be a URL');
  });
});
