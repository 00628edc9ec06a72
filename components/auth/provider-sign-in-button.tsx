'use client';

import { signIn } from 'next-auth/react';
import { useId, useState, type ReactNode } from 'react';
import type { OAuthProviderOption } from '@/lib/auth/providers';
import { safeReturnPath } from '@/lib/routes';

interface ProviderSignInButtonProps {
  provider: OAuthProviderOption;
  from: string | undefined;
  disabled?: boolean;
  onError: (message: string) => void;
  icon?: ReactNode;
  /** Why this provider can not be used here: the button is shown disabled, with the reason under it. */
  unavailable?: string;
}

/** "Continue with GitHub" and the like: leaves for the provider and comes back to where the visitor was. */
export function ProviderSignInButton({
  provider,
  from,
  disabled,
  onError,
  icon,
  unavailable,
}: ProviderSignInButtonProps) {
  const [redirecting, setRedirecting] = useState(false);
  const reasonId = useId();

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
    <>
      <button
        type="button"
        className="btn btn-outline w-full"
        onClick={unavailable ? undefined : handleClick}
        disabled={Boolean(unavailable) || disabled || redirecting}
        aria-describedby={unavailable ? reasonId : undefined}
      >
        {redirecting ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : (
          icon
        )}
        Continue with {provider.name}
      </button>
      {unavailable && (
        <p id={reasonId} className="text-center text-xs text-base-content/70">
          {unavailable}
        </p>
      )}
    </>
  );
}
