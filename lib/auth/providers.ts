import type { NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import Facebook from 'next-auth/providers/facebook';
import GitHub, { type GitHubProfile } from 'next-auth/providers/github';
import Google from 'next-auth/providers/google';
import Twitter from 'next-auth/providers/twitter';
import { authorize } from '@/lib/auth/credentials';
import { authorizeEmailLink } from '@/lib/auth/email-link-sign-in';
import { getEnv } from '@/lib/env';

/** The providers that sign in by leaving for another site, in the order their buttons appear. */
export const OAUTH_PROVIDERS = [
  { id: 'google', name: 'Google' },
  { id: 'github', name: 'GitHub' },
  { id: 'facebook', name: 'Facebook' },
  { id: 'twitter', name: 'X' },
] as const;

export type OAuthProviderId = (typeof OAUTH_PROVIDERS)[number]['id'];
export type OAuthProviderOption = (typeof OAUTH_PROVIDERS)[number];

const ENV_PREFIX: Record<OAuthProviderId, string> = {
  google: 'AUTH_GOOGLE',
  github: 'AUTH_GITHUB',
  facebook: 'AUTH_FACEBOOK',
  twitter: 'AUTH_TWITTER',
};

function credentialsOf(id: OAuthProviderId): { clientId: string; clientSecret: string } | null {
  const env = getEnv() as Record<string, unknown>;
  const clientId = env[`${ENV_PREFIX[id]}_ID`];
  const clientSecret = env[`${ENV_PREFIX[id]}_SECRET`];
  return typeof clientId === 'string' && typeof clientSecret === 'string'
    ? { clientId, clientSecret }
    : null;
}

/** The providers this server has an id and secret for: only these get a button (Google's shows disabled). */
export function configuredOAuthProviders(): OAuthProviderOption[] {
  return OAUTH_PROVIDERS.filter((provider) => credentialsOf(provider.id) !== null);
}

export const isProviderConfigured = (id: OAuthProviderId) => credentialsOf(id) !== null;

/**
 * GitHub's profile with whether GitHub verified its address: GitHub's own provider does not say, and only a vouched
 * address may join an existing account (lib/auth/sign-in-gate.ts). `/user/emails` lists each address with it.
 */
export async function gitHubProfile(apiBaseUrl: string, accessToken: string) {
  const headers = { Authorization: `Bearer ${accessToken}`, 'User-Agent': 'toolhaus' };
  const profile = (await (await fetch(`${apiBaseUrl}/user`, { headers })).json()) as GitHubProfile;
  const response = await fetch(`${apiBaseUrl}/user/emails`, { headers });
  const emails = response.ok
    ? ((await response.json()) as { email: string; primary: boolean; verified: boolean }[])
    : [];
  const chosen = profile.email
    ? emails.find((entry) => entry.email === profile.email)
    : (emails.find((entry) => entry.primary) ?? emails[0]);
  return {
    ...profile,
    email: profile.email ?? chosen?.email ?? null,
    email_verified: chosen?.verified === true,
  };
}

function gitHub(credentials: { clientId: string; clientSecret: string }) {
  const baseUrl = getEnv().AUTH_GITHUB_URL?.replace(/\/$/, '');
  const apiBaseUrl = baseUrl ? `${baseUrl}/api/v3` : 'https://api.github.com';
  return GitHub({
    ...credentials,
    ...(baseUrl && { enterprise: { baseUrl } }),
    allowDangerousEmailAccountLinking: true,
    userinfo: {
      url: `${apiBaseUrl}/user`,
      request: ({ tokens }: { tokens: { access_token?: string } }) =>
        gitHubProfile(apiBaseUrl, tokens.access_token ?? ''),
    },
  });
}

/**
 * Every way to sign in this server offers. Each OAuth provider may join an existing account by email: Auth.js's
 * "dangerous" linking is on for all of them because lib/auth/sign-in-gate.ts allows it only when the provider
 * vouches that the address is verified, and refuses it otherwise (DECISIONS).
 */
export function buildProviders(): NextAuthConfig['providers'] {
  const env = getEnv();
  const providers: NextAuthConfig['providers'] = [
    Credentials({ credentials: { email: {}, password: {} }, authorize }),
    Credentials({
      id: 'email-link',
      name: 'Email link',
      credentials: { token: {}, name: {} },
      authorize: authorizeEmailLink,
    }),
  ];
  const google = credentialsOf('google');
  if (google) {
    providers.push(
      Google({
        ...google,
        allowDangerousEmailAccountLinking: true,
        // Tests point this at a local OpenID Connect provider; production leaves Google's own.
        ...(env.AUTH_GOOGLE_ISSUER && { issuer: env.AUTH_GOOGLE_ISSUER }),
      }),
    );
  }
  const github = credentialsOf('github');
  if (github) providers.push(gitHub(github));
  const facebook = credentialsOf('facebook');
  if (facebook) providers.push(Facebook({ ...facebook, allowDangerousEmailAccountLinking: true }));
  const twitter = credentialsOf('twitter');
  if (twitter) providers.push(Twitter({ ...twitter, allowDangerousEmailAccountLinking: true }));
  return providers;
}
