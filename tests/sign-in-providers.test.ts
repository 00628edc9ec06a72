import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildProviders, configuredOAuthProviders, gitHubProfile } from '@/lib/auth/providers';
import { gateProviderSignIn } from '@/lib/auth/sign-in-gate';
import { getDb } from '@/lib/db/client';
import { accounts, users } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { startGitHubStandIn } from '../scripts/lib/github-stand-in.mjs';
import { makeUser } from './helpers';

// prettier-ignore
const PROVIDER_ENV = [
  'AUTH_GOOGLE_ID', 'AUTH_GOOGLE_SECRET', 'AUTH_GITHUB_ID', 'AUTH_GITHUB_SECRET',
  'AUTH_FACEBOOK_ID', 'AUTH_FACEBOOK_SECRET', 'AUTH_TWITTER_ID', 'AUTH_TWITTER_SECRET',
];

function configure(...prefixes: string[]) {
  for (const name of PROVIDER_ENV) vi.stubEnv(name, '');
  for (const prefix of prefixes) {
    vi.stubEnv(`${prefix}_ID`, `${prefix.toLowerCase()}-id`);
    vi.stubEnv(`${prefix}_SECRET`, `${prefix.toLowerCase()}-secret`);
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
});

/** A provider's id as Auth.js will use it: the options' id overrides the provider's default (Credentials). */
const idsOf = (providers: ReturnType<typeof buildProviders>) =>
  providers.map((entry) => {
    const provider = typeof entry === 'function' ? entry() : entry;
    const options = (provider as { options?: { id?: string } }).options;
    return options?.id ?? provider.id;
  });

describe('which providers the server lists', () => {
  it('lists none but the password and the email link when nothing is configured', () => {
    configure();
    expect(configuredOAuthProviders()).toEqual([]);
    expect(idsOf(buildProviders())).toEqual(['credentials', 'email-link']);
  });

  it('lists exactly the configured ones, each once, in button order', () => {
    configure('AUTH_GITHUB');
    expect(configuredOAuthProviders().map((provider) => provider.id)).toEqual(['github']);
    expect(idsOf(buildProviders())).toEqual(['credentials', 'email-link', 'github']);
    configure('AUTH_TWITTER', 'AUTH_GOOGLE', 'AUTH_FACEBOOK', 'AUTH_GITHUB');
    expect(configuredOAuthProviders()).toEqual([
      { id: 'google', name: 'Google' },
      { id: 'github', name: 'GitHub' },
      { id: 'facebook', name: 'Facebook' },
      { id: 'twitter', name: 'X' },
    ]);
    expect(idsOf(buildProviders())).toEqual(
      // prettier-ignore
      ['credentials', 'email-link', 'google', 'github', 'facebook', 'twitter'],
    );
  });

  it('refuses half a configuration at start-up, one line per provider', () => {
    configure();
    vi.stubEnv('AUTH_GITHUB_ID', 'only-the-id');
    vi.stubEnv('AUTH_TWITTER_SECRET', 'only-the-secret');
    expect(() => getEnv()).toThrow(
      [
        'Invalid environment:',
        '- AUTH_GITHUB_SECRET: AUTH_GITHUB_ID and AUTH_GITHUB_SECRET go together',
        '- AUTH_TWITTER_SECRET: AUTH_TWITTER_ID and AUTH_TWITTER_SECRET go together',
      ].join('\n'),
    );
    vi.stubEnv('AUTH_GITHUB_SECRET', 's');
    vi.stubEnv('AUTH_TWITTER_ID', 'i');
    vi.stubEnv('AUTH_GITHUB_URL', 'not a url');
    expect(() => getEnv()).toThrow('- AUTH_GITHUB_URL: AUTH_GITHUB_URL must be a URL');
  });
});

describe('GitHub’s word on the address', () => {
  let verifiedGitHub: Awaited<ReturnType<typeof startGitHubStandIn>>;
  let unverifiedGitHub: Awaited<ReturnType<typeof startGitHubStandIn>>;
  beforeAll(async () => {
    verifiedGitHub = await startGitHubStandIn({ verified: true });
    unverifiedGitHub = await startGitHubStandIn({ verified: false });
  });
  afterAll(async () => {
    await verifiedGitHub.stop();
    await unverifiedGitHub.stop();
  });

  it('is read from the address list, as GitHub answers it', async () => {
    const verified = await gitHubProfile(
      `${verifiedGitHub.url}/api/v3`,
      verifiedGitHub.issueToken(),
    );
    expect(verified).toMatchObject({ email: 'octo.tester@example.com', email_verified: true });
    const unverified = await gitHubProfile(
      `${unverifiedGitHub.url}/api/v3`,
      unverifiedGitHub.issueToken(),
    );
    expect(unverified).toMatchObject({ email: 'octo.tester@example.com', email_verified: false });
  });
});

describe('linking a provider account to an existing email', () => {
  const oauth = (provider: string, providerAccountId = randomUUID()) => ({
    provider,
    providerAccountId,
    type: 'oauth' as const,
  });

  it('links only when the provider vouches that the address is verified', async () => {
    const existing = await makeUser('customer');
    expect(
      await gateProviderSignIn(existing.email, oauth('github'), { email_verified: true }),
    ).toBe(true);
    expect(
      await gateProviderSignIn(existing.email, oauth('google'), { email_verified: true }),
    ).toBe(true);
    for (const [provider, profile] of [
      ['github', { email_verified: false }],
      ['google', {}],
      // Facebook and X never vouch, whatever their profile claims.
      ['facebook', { email_verified: true }],
      ['twitter', { email_verified: true }],
    ] as const) {
      expect(await gateProviderSignIn(existing.email, oauth(provider), profile)).toBe(
        '/login?error=OAuthAccountNotLinked',
      );
    }
  });

  it('lets a new address open an account, and refuses one without an address', async () => {
    const fresh = `fresh-${randomUUID().slice(0, 8)}@test.dev`;
    expect(await gateProviderSignIn(fresh, oauth('facebook'), {})).toBe(true);
    expect(await gateProviderSignIn(null, oauth('twitter'), {})).toBe('/login?error=EmailRequired');
  });

  it('keeps a disabled account out, linked or not, and leaves credentials to authorize', async () => {
    const user = await makeUser('customer');
    const linked = oauth('github');
    await getDb()
      .insert(accounts)
      .values({ userId: user.id, ...linked });
    expect(await gateProviderSignIn('other@example.com', linked, {})).toBe(true);
    await getDb().update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect(await gateProviderSignIn('other@example.com', linked, {})).toBe(
      '/login?error=AccountDisabled',
    );
    expect(await gateProviderSignIn(user.email, oauth('google'), { email_verified: true })).toBe(
      '/login?error=AccountDisabled',
    );
    expect(
      await gateProviderSignIn(
        user.email,
        {
          provider: 'credentials',
          providerAccountId: user.id,
          type: 'credentials',
        },
        undefined,
      ),
    ).toBe(true);
  });
});
