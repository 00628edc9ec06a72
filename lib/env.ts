import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** A tax rate: a percentage from 0 to 100 with at most 2 decimals. */
const percent = (name: string) =>
  optional
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .pipe(
      z
        .number({ message: `${name} must be a number` })
        .min(0, { message: `${name} must be 0 or more` })
        .max(100, { message: `${name} must be 100 or less` })
        .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9, {
          message: `${name} can have at most 2 decimals`,
        })
        .optional(),
    );

const wholeNumber = (name: string, min: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int({ message: `${name} must be a whole number` })
    .min(min, { message: `${name} must be ${min} or more` });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATABASE_URL: optional.pipe(
      z
        .url({ protocol: /^postgres(ql)?$/, message: 'DATABASE_URL must be a postgres:// URL' })
        .optional(),
    ),
    DATABASE_POOL_SIZE: wholeNumber('DATABASE_POOL_SIZE', 1).default(10),
    // The primary itself when DATABASE_URL goes through a pooler: migrations' session lock and LISTEN need a session.
    DATABASE_DIRECT_URL: optional.pipe(
      z
        .url({
          protocol: /^postgres(ql)?$/,
          message: 'DATABASE_DIRECT_URL must be a postgres:// URL',
        })
        .optional(),
    ),
    // A streaming replica for the catalogue, search, product pages and analytics (lib/db/replica.ts).
    DATABASE_REPLICA_URL: optional.pipe(
      z
        .url({
          protocol: /^postgres(ql)?$/,
          message: 'DATABASE_REPLICA_URL must be a postgres:// URL',
        })
        .optional(),
    ),
    // DATABASE_URL is a pooler in transaction mode (PgBouncer): no named prepared statements, no startup options.
    DATABASE_TRANSACTION_POOLING: optional
      .pipe(
        z
          .enum(['true', 'false'], {
            message: 'DATABASE_TRANSACTION_POOLING must be true or false',
          })
          .optional(),
      )
      .transform((value) => value === 'true'),
    DATA_DIR: z.string().default('./.data'),
    AUTH_SECRET: optional.pipe(
      z.string().min(32, { message: 'AUTH_SECRET must be at least 32 characters' }).optional(),
    ),
    AUTH_URL: optional.pipe(z.url({ message: 'AUTH_URL must be a URL' }).optional()),
    // Hosts product images may come from (comma-separated, e.g. "cdn.example.com,lh3.googleusercontent.com"); unset,
    // any https host. Also the CSP's img-src.
    IMAGE_HOSTS: optional.pipe(
      z
        .string()
        .regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i, {
          message: 'IMAGE_HOSTS must be host names separated by commas',
        })
        .optional(),
    ),
    AUTH_GOOGLE_ID: optional,
    AUTH_GOOGLE_SECRET: optional,
    AUTH_GOOGLE_ISSUER: optional.pipe(
      z.url({ message: 'AUTH_GOOGLE_ISSUER must be a URL' }).optional(),
    ),
    // More sign-in providers, each on when its id and secret are set (lib/auth/providers.ts).
    AUTH_GITHUB_ID: optional,
    AUTH_GITHUB_SECRET: optional,
    // Tests point GitHub at a local stand-in; a GitHub Enterprise server is given the same way.
    AUTH_GITHUB_URL: optional.pipe(z.url({ message: 'AUTH_GITHUB_URL must be a URL' }).optional()),
    AUTH_FACEBOOK_ID: optional,
    AUTH_FACEBOOK_SECRET: optional,
    AUTH_TWITTER_ID: optional,
    AUTH_TWITTER_SECRET: optional,
    STRIPE_SECRET_KEY: optional.pipe(
      z
        .string()
        .regex(/^(sk|rk)_/, { message: 'STRIPE_SECRET_KEY must be a secret key (sk_… or rk_…)' })
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optional,
    STRIPE_API_URL: optional.pipe(z.url({ message: 'STRIPE_API_URL must be a URL' }).optional()),
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: optional,
    PAYMENTS: z.enum(['stripe', 'test']).optional(),
    TRUSTED_PROXIES: wholeNumber('TRUSTED_PROXIES', 0).default(0),
    // Read by server/instance.mjs; validated here so that a typo stops the start like every other setting.
    METRICS_TOKEN: optional.pipe(
      z.string().min(16, { message: 'METRICS_TOKEN must be at least 16 characters' }).optional(),
    ),
    SHUTDOWN_NOTICE_SECONDS: wholeNumber('SHUTDOWN_NOTICE_SECONDS', 0).default(0),
    SHUTDOWN_TIMEOUT_SECONDS: wholeNumber('SHUTDOWN_TIMEOUT_SECONDS', 1).default(10),
    SMTP_URL: optional.pipe(
      z
        .url({ protocol: /^smtps?$/, message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
        .optional(),
    ),
    MAIL_FROM: optional,
    // Operators of a shop with money at stake: every admin must turn on two-factor before the admin screens open.
    REQUIRE_ADMIN_2FA: optional
      .pipe(
        z
          .enum(['true', 'false'], { message: 'REQUIRE_ADMIN_2FA must be true or false' })
          .optional(),
      )
      .transform((value) => value === 'true'),
    // The seller printed on invoices (config/seller.ts holds the defaults).
    SELLER_NAME: optional,
    SELLER_ADDRESS: optional,
    SELLER_TAX_ID: optional,
    SELLER_BANK: optional,
    SELLER_COUNTRY: optional.pipe(
      z
        .string()
        .regex(/^[A-Z]{2}$/, { message: 'SELLER_COUNTRY must be an ISO 3166-1 code like DE' })
        .optional(),
    ),
    SELLER_VAT_ID: optional,
    SELLER_IBAN: optional,
    SELLER_BIC: optional,
    SELLER_EMAIL: optional.pipe(z.email({ message: 'SELLER_EMAIL must be an email' }).optional()),
    SELLER_PHONE: optional,
    // VAT added to the net prices of standard-rated lines, and of reduced-rate tools: percentages, 2 decimals at most.
    TAX_RATE_PERCENT: percent('TAX_RATE_PERCENT'),
    TAX_REDUCED_RATE_PERCENT: percent('TAX_REDUCED_RATE_PERCENT'),
    SEED_ADMIN_EMAIL: optional.pipe(
      z.email({ message: 'SEED_ADMIN_EMAIL must be an email' }).optional(),
    ),
    SEED_ADMIN_PASSWORD: optional.pipe(
      z
        .string()
        .min(6, { message: 'SEED_ADMIN_PASSWORD must be 6 characters or longer' })
        .optional(),
    ),
  })
  // Settings that only make sense together: one missing would be ignored without a word.
  .superRefine((env, context) => {
    const problem = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (env.DATABASE_URL && env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      problem('AUTH_SECRET', 'AUTH_SECRET is required when DATABASE_URL is set');
    }
    for (const name of ['DATABASE_DIRECT_URL', 'DATABASE_REPLICA_URL'] as const) {
      if (env[name] && !env.DATABASE_URL) problem(name, `${name} needs DATABASE_URL`);
    }
    if (env.DATABASE_TRANSACTION_POOLING && !env.DATABASE_DIRECT_URL) {
      problem(
        'DATABASE_DIRECT_URL',
        'DATABASE_TRANSACTION_POOLING needs DATABASE_DIRECT_URL: migrations and LISTEN need the primary itself',
      );
    }
    // A VAT-registered seller charges its standard rate at home; EN 16931 refuses a standard rate of 0 (BR-S-5).
    if (env.SELLER_VAT_ID && !env.TAX_RATE_PERCENT) {
      problem('TAX_RATE_PERCENT', 'TAX_RATE_PERCENT must be more than 0 when SELLER_VAT_ID is set');
    }
    if (Boolean(env.SEED_ADMIN_EMAIL) !== Boolean(env.SEED_ADMIN_PASSWORD)) {
      problem('SEED_ADMIN_PASSWORD', 'SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD go together');
    }
    for (const provider of ['GOOGLE', 'GITHUB', 'FACEBOOK', 'TWITTER'] as const) {
      if (Boolean(env[`AUTH_${provider}_ID`]) !== Boolean(env[`AUTH_${provider}_SECRET`])) {
        problem(
          `AUTH_${provider}_SECRET`,
          `AUTH_${provider}_ID and AUTH_${provider}_SECRET go together`,
        );
      }
    }
    // Links in real mail must not come from a Host header a stranger chose (reset-link poisoning).
    if (env.SMTP_URL && !env.AUTH_URL) {
      problem('AUTH_URL', 'SMTP_URL needs AUTH_URL: links in mail point at the public URL');
    }
    if (env.PAYMENTS === 'stripe' && !env.STRIPE_SECRET_KEY) {
      problem('STRIPE_SECRET_KEY', 'PAYMENTS=stripe needs STRIPE_SECRET_KEY');
    }
  });

export type Env = z.infer<typeof envSchema>;

let warned = false;
// On globalThis: Next's bundles each hold a copy of this module, and the server's start freezes them all.
const holder = globalThis as typeof globalThis & { __toolhausFrozenEnv?: Env };

/**
 * The validated environment; fails with one line per problem so a misconfigured deploy says why. Read afresh on
 * every call (tests change variables between cases) until the server freezes it.
 */
export function getEnv(): Env {
  if (holder.__toolhausFrozenEnv) return holder.__toolhausFrozenEnv;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  if (parsed.data.STRIPE_SECRET_KEY && !parsed.data.STRIPE_WEBHOOK_SECRET && !warned) {
    warned = true;
    console.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused.');
  }
  return parsed.data;
}

/**
 * A running server's environment does not change, and a request reads it many times (each read of process.env is
 * a call into the runtime and the schema checks every variable): validated once at start (lib/startup.ts), then
 * kept.
 */
export function freezeEnv(): Env {
  holder.__toolhausFrozenEnv = getEnv();
  return holder.__toolhausFrozenEnv;
}

/** The primary without a pooler between: for session-level locks and LISTEN. */
export function directDatabaseUrl(): string | undefined {
  const env = getEnv();
  return env.DATABASE_DIRECT_URL ?? env.DATABASE_URL;
}

export function dataDir(): string {
  return path.resolve(getEnv().DATA_DIR);
}

let secret: string | undefined;

/**
 * AUTH_SECRET, or on the embedded default one generated once and kept in DATA_DIR so that sessions and
 * bearer tokens survive restarts. Server mode must set AUTH_SECRET: several instances have to share it.
 */
export function getAuthSecret(): string {
  if (secret) return secret;
  const env = getEnv();
  if (env.AUTH_SECRET) return (secret = env.AUTH_SECRET);
  const dir = dataDir();
  const file = path.join(dir, 'auth-secret');
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (secret = readFileSync(file, 'utf8').trim());
}

export function isGoogleConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET);
}
