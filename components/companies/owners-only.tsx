import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';
import { AppError } from '@/lib/errors';

/** An owner's read, or the refusal an owners-only company page shows instead (404: no company; 403: not an owner). */
export const ownersRead = <T,>(read: Promise<T>): Promise<T | AppError> =>
  read.catch((error: unknown) => {
    if (error instanceof AppError && (error.status === 404 || error.status === 403)) return error;
    throw error;
  });

/** An owners-only company page, for anyone else: why they can not, and the way back to the Company page. */
export function OwnersOnly(props: {
  id: string;
  title: string;
  description: string;
  refusal: AppError;
  /** "API keys belong to a company…" */
  withoutCompany: string;
  /** "Only the company's owners…" */
  notOwner: string;
}) {
  return (
    <section aria-labelledby={props.id} className="flex flex-col gap-4">
      <PageHeader id={props.id} title={props.title} description={props.description} />
      <p role="status" className="alert">
        {props.refusal.status === 404 ? props.withoutCompany : props.notOwner}{' '}
        <Link href="/dashboard/company" className="link">
          Back to Company
        </Link>
      </p>
    </section>
  );
}
