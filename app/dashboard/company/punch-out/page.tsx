import type { Metadata } from 'next';
import { PunchoutSettingsForm } from '@/components/companies/punchout-settings-form';
import { OwnersOnly, ownersRead } from '@/components/companies/owners-only';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/page-guards';
import { readPunchoutSettings } from '@/lib/companies/punchout';
import { AppError } from '@/lib/errors';
import { siteOrigin } from '@/lib/site-origin';

export const metadata: Metadata = { title: 'Punch-out' };

const DESCRIPTION =
  'Let your buyers shop here from inside SAP Ariba, Coupa or SAP SRM: they fill a cart at your company’s prices, transfer it to your procurement system for approval, and the purchase order comes back as an order.';

/** Punch-out: the company's owners set it up; anyone else is told why they can not. */
export default async function PunchoutSettingsPage() {
  const actor = await requirePageActor('/dashboard/company/punch-out');
  const settings = await ownersRead(readPunchoutSettings(actor));
  if (settings instanceof AppError) {
    return (
      <OwnersOnly
        id="punchout-title"
        title="Punch-out"
        description={DESCRIPTION}
        refusal={settings}
        withoutCompany="Punch-out belongs to a company, and you do not belong to one yet."
        notOwner="Only the company's owners set up punch-out."
      />
    );
  }
  const origin = await siteOrigin();
  const endpoints = [
    ['cXML setup (PunchOutSetupRequest)', `${origin}/punchout/cxml`],
    ['cXML purchase orders (OrderRequest)', `${origin}/punchout/cxml/order`],
    ['OCI catalogue call', `${origin}/punchout/oci`],
  ] as const;
  return (
    <section aria-labelledby="punchout-title" className="flex flex-col gap-6">
      <PageHeader id="punchout-title" title="Punch-out" description={DESCRIPTION} />
      <PunchoutSettingsForm settings={settings} />
      <section aria-labelledby="endpoints-title" className="flex max-w-2xl flex-col gap-2">
        <h3 id="endpoints-title" className="text-lg font-semibold">
          For your procurement administrator
        </h3>
        <dl className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          {endpoints.map(([label, address]) => (
            <div key={label} className="contents">
              <dt className="font-medium">{label}</dt>
              <dd>
                <code className="break-all">{address}</code>
              </dd>
            </div>
          ))}
          <dt className="font-medium">OCI user name</dt>
          <dd>
            <code>{settings.configured ? settings.ociUsername : 'made at the first save'}</code>
          </dd>
          {settings.configured && (
            <>
              <dt className="font-medium">Orders are placed as</dt>
              <dd>{settings.buyer}</dd>
            </>
          )}
        </dl>
      </section>
    </section>
  );
}
