import { DrizzleAdapter } from '@auth/drizzle-adapter';
import NextAuth, { type NextAuthConfig } from 'next-auth';
import { authLogger } from '@/lib/auth/logger';
import { buildProviders } from '@/lib/auth/providers';
import { gateProviderSignIn, providerVouchesForEmail } from '@/lib/auth/sign-in-gate';
import { markEmailVerified } from '@/lib/db/users';
import { endAllSessions } from '@/lib/auth/sessions';
import { renewedTo } from '@/lib/auth/session-renewal';
import {
  beginSignIn,
  continueSignIn,
  isSecondFactorPending,
  pendingSession,
} from '@/lib/two-factor';
import { getDb } from '@/lib/db/client';
import { accounts, sessions, users, verificationTokens } from '@/lib/db/schema';
import { getAuthSecret } from '@/lib/env';
import { findUserById } from '@/lib/db/users';
import { auditAdminSignIn } from '@/lib/auth/admin-sign-in-audit';
import { signInAddress } from '@/lib/auth/sign-in-address';

function buildConfig(): NextAuthConfig {
  return {
    adapter: DrizzleAdapter(getDb(), {
      usersTable: users,
      accountsTable: accounts,
      sessionsTable: sessions,
      verificationTokensTable: verificationTokens,
    }),
    // Credentials sign-in requires JWT sessions.
    session: { strategy: 'jwt', maxAge: 7 * 24 * 60 * 60 },
    secret: getAuthSecret(),
    trustHost: true,
    logger: authLogger,
    providers: buildProviders(),
    pages: { signIn: '/login', error: '/login' },
    events: {
      // A provider vouches for the address only when its profile says so (docs/ARCHITECTURE.md, What the code relies
      // on).
      async signIn({ user, account, profile }) {
        if (account && providerVouchesForEmail(account.provider, profile) && user.id) {
          await markEmailVerified(user.id);
        }
        // Password and mailed-link sign-ins are recorded by their authorize (which sees the request and the refusals).
        const signedIn =
          account?.type === 'oauth' || account?.type === 'oidc' ? user.id : undefined;
        const current = signedIn ? await findUserById(signedIn) : undefined;
        if (account && current) {
          await auditAdminSignIn('admin.sign_in', current, account.provider, await signInAddress());
        }
      },
      // Ends this session everywhere it was copied to (and the account's other sessions: docs/ARCHITECTURE.md, What the
      // code relies on).
      async signOut(message) {
        const token = 'token' in message ? message.token : null;
        // Leaving the code step unsolved ends only that half sign-in: a password alone must not end real sessions.
        if (token?.sub && !isSecondFactorPending(token)) await endAllSessions(token.sub);
      },
    },
    callbacks: {
      // Disabled accounts and unvouched links stay out (lib/auth/sign-in-gate.ts).
      signIn: ({ user, account, profile }) => gateProviderSignIn(user.email, account, profile),
      async jwt({ token, user, session, account }) {
        const id = user?.id ?? token.sub;
        // Read the account on every request: a removed or disabled user is signed out, a new admin gets the role at once.
        const current = id ? await findUserById(id) : undefined;
        if (!current || current.disabledAt) return null;
        // A new sign-in starts at the account's current version; an older cookie is one that was signed out.
        if (user || (await renewedTo(session, token, current.sessionVersion))) {
          token.sv = current.sessionVersion;
        } else if (token.sv !== current.sessionVersion) return null;
        // Two-factor, for every provider alike: a code may still be owed (lib/two-factor/session.ts).
        if (user) await beginSignIn(token, current.id, Date.now(), account?.provider);
        else if (!(await continueSignIn(token, session))) return null;
        token.sub = current.id;
        token.email = current.email;
        token.name = current.name ?? current.email;
        token.role = current.role;
        return token;
      },
      session({ session, token }) {
        if (isSecondFactorPending(token)) return pendingSession(session);
        if (token.sub) session.user.id = token.sub;
        session.user.role = token.role ?? 'customer';
        session.user.sessionVersion = token.sv ?? -1;
        return session;
      },
    },
  };
}

export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth(() => buildConfig());
