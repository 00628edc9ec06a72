'use client';

import { useRouter } from 'next/navigation';
import { TermsButton } from '@/components/invoices/terms-button';

/** Companies → Terms: the company's net terms and credit limit (`PUT /api/companies/{id}/terms`). */
export function CompanyTermsButton({
  companyId,
  name,
  terms,
}: {
  companyId: string;
  name: string;
  terms: { netDays: number; creditLimit: number } | null;
}) {
  const router = useRouter();
  return (
    <TermsButton
      who={name}
      terms={terms}
      endpoint={`/api/companies/${encodeURIComponent(companyId)}/terms`}
      onChanged={() => router.refresh()}
    />
  );
}
