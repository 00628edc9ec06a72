'use client';

import { signIn } from 'next-auth/react';
import { useState } from 'react';
import type { OAuthProviderOption } from '@/lib/auth/providers';
import { safeReturnPath } from '@/lib/routes';

interface ProviderSignInButtonProps {
  provider: OAuthProviderOption;
  from: string | undefined;
  disabled?: boolean;
  onError: (message: string) => void;
}

/** "Continue with GitHub" and the like: shown only for providers the server is configured for. */
export function ProviderSignInButton({
  provider,
  from,
  disabled,
  onError,
}: ProviderSignInButtonProps) {
  const [redirecting, setRedirecting] = useState(false);

  async function handleClick() {
    setRedirecting(true);
    try {
      // Leaves the page; failures come back as /login?error=…
      await signIn(provider.id, { redirectTo: safeReturnPath(from) });
    } catch (error) {
      console.error(`${provider.name} sign-in could not start`, error);
      onError('Sign-in failed. Please try again.');
      setRedirecting(false);
    }
  }

  return (
    <button
      type="button"
      className="btn btn-outline w-full"
      onClick={handleClick}
      disabled={disabled || redirecting}
    >
      {redirecting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      Continue with {provider.name}
    </button>
  );
}
