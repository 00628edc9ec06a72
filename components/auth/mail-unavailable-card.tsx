import Link from 'next/link';
import { AuthCard } from '@/components/auth/auth-card';
import { MAIL_UNAVAILABLE } from '@/lib/password-reset';

/** In server mode without SMTP_URL, features that need mail say so instead of pretending. */
export function MailUnavailableCard({ title }: { title: string }) {
  return (
    <AuthCard title={title}>
      <p role="status" className="alert alert-warning">
        {MAIL_UNAVAILABLE}
      </p>
      <p className="text-center text-sm">
        <Link href="/login" className="link link-primary">
          Back to Log In
        </Link>
      </p>
    </AuthCard>
  );
}
