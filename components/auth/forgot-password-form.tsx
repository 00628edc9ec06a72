import { MailedLinkRequestCard } from '@/components/auth/mailed-link-request-card';

export function ForgotPasswordForm() {
  return (
    <MailedLinkRequestCard
      title="Forgot password"
      intro="Enter the email of your account and we will mail you a link to set a new password."
      submitLabel="Send reset link"
      endpoint="/api/password/forgot"
      backHref="/login"
    />
  );
}
