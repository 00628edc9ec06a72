import type { Metadata } from 'next';
import { ApiKeysTable } from '@/components/companies/api-keys-table';
import { NewApiKeyForm } from '@/components/companies/new-api-key-form';
import { OwnersOnly, ownersRead } from '@/components/companies/owners-only';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/page-guards';
import { listApiKeys } from '@/lib/companies/api-keys';
import { AppError } from '@/lib/errors';

export const metadata: Metadata = { title: 'API keys' };

const DESCRIPTION =
  "Let your purchasing or ERP system call the shop's API for your company: it sends a key in the Authorization header as Bearer tk_live_…, and a key can do only what its scopes allow.";

/** API keys: the company's owners make, list and revoke them; anyone else is told why they can not. */
export default async function ApiKeysPage() {
  const actor = await requirePageActor('/dashboard/company/api-keys');
  const keys = await ownersRead(listApiKeys(actor));
  if (keys instanceof AppError) {
    return (
      <OwnersOnly
        id="api-keys-title"
        title="API keys"
        description={DESCRIPTION}
        refusal={keys}
        withoutCompany="API keys belong to a company, and you do not belong to one yet."
        notOwner="Only the company's owners manage API keys: ask one of them for a key."
      />
    );
  }
  return (
    <section aria-labelledby="api-keys-title" className="flex flex-col gap-6">
      <PageHeader id="api-keys-title" title="API keys" description={DESCRIPTION} />
      <NewApiKeyForm />
      <section aria-labelledby="keys-title" className="flex flex-col gap-3">
        <h3 id="keys-title" className="text-xl font-semibold">
          Keys
        </h3>
        {keys.length === 0 ? (
          <p className="text-base-content/75">No keys yet.</p>
        ) : (
          <ApiKeysTable keys={keys} />
        )}
      </section>
    </section>
  );
}
