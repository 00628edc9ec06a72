'use client';

import Link from 'next/link';
import { GoogleSignInButton } from '@/components/auth/google-sign-in-button';
import { ProviderSignInButton } from '@/components/auth/provider-sign-in-button';
import { withFrom } from '@/components/auth/return-path';
import type { OAuthProviderOption } from '@/lib/auth/providers';

interface OtherSignInOptionsProps {
  googleEnabled: boolean;
  /** the configured providers besides Google (lib/auth/providers.ts) */
  providers: readonly OAuthProviderOption[];
  from: string | undefined;
  disabled?: boolean;
  onError: (message: string) => void;
  /** the login card offers the email link too */
  emailLink?: boolean;
}

/** Below the card's OR: Continue with Google, then each configured provider, then the email link. */
export function OtherSignInOptions({
  googleEnabled,
  providers,
  from,
  disabled,
  onError,
  emailLink = false,
}: OtherSignInOptionsProps) {
  return (
    <div className="flex flex-col gap-2">
      <GoogleSignInButton
        enabled={googleEnabled}
        from={from}
        disabled={disabled}
        onError={onError}
      />
      {providers
        .filter((provider) => provider.id !== 'google')
        .map((provider) => (
          <ProviderSignInButton
            key={provider.id}
            provider={provider}
            from={from}
            disabled={disabled}
            onError={onError}
          />
        ))}
      {emailLink && (
        <Link href={withFrom('/email-link', from)} className="btn btn-outline w-full">
          Email me a sign-in link
        </Link>
      )}
    </div>
  );
}
