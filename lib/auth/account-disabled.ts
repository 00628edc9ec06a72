/** What a disabled account sees on every sign-in (the original identity provider's user-disabled). */
export const ACCOUNT_DISABLED = 'This account has been disabled';
