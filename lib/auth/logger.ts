import { CredentialsSignin, type NextAuthConfig } from 'next-auth';

/**
 * Auth.js logs every refused sign-in as an error with a stack trace. A wrong password or a locked-out login is a
 * visitor's mistake, not a fault of the server: it gets one warning line, so real errors stand out in the logs.
 */
export const authLogger: NextAuthConfig['logger'] = {
  error(error) {
    if (error instanceof CredentialsSignin) {
      console.warn(`[auth] sign-in refused (${error.code})`);
      return;
    }
    console.error('[auth]', error);
  },
};
