import { AuthCard } from '@/components/auth/auth-card';
import { CardLink } from '@/components/auth/card-link';
import { MAIL_UNAVAILABLE } from '@/lib/users/password-reset';

/** In server mode without SMTP_URL, features that need mail say so instead of pretending. */
export function MailUnavailableCard({ title }: { title: string }) {
  return (
    <AuthCard title={title} footer={<CardLink href="/login">Back to Log In</CardLink>}>
      <p role="status" className="alert alert-warning">
        {MAIL_UNAVAILABLE}
      </p>
    </AuthCard>
  );
}
