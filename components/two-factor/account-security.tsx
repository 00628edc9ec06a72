import { CloseAccountSection } from '@/components/account/close-account-section';
import { TwoFactorSection } from '@/components/two-factor/two-factor-section';
import type { Actor } from '@/lib/auth/actor';
import { getTwoFactorStatus } from '@/lib/two-factor';
import { closeAccountOptions } from '@/lib/users/close-account';

/** My Profile's two-factor card and Close my account, read for the signed-in user on the server. */
export async function AccountSecurity({
  actor,
  enrolmentRequired,
}: {
  actor: Actor;
  enrolmentRequired: boolean;
}) {
  const [status, options] = await Promise.all([
    getTwoFactorStatus(actor),
    closeAccountOptions(actor),
  ]);
  return (
    <>
      <section
        id="two-factor"
        aria-labelledby="two-factor-heading"
        className="card bg-base-100 shadow-md"
      >
        <div className="card-body gap-3">
          <h3 id="two-factor-heading" className="text-lg font-semibold">
            Two-factor authentication
          </h3>
          {enrolmentRequired && !status.enabled && (
            <p role="alert" className="alert alert-warning text-sm">
              This shop requires two-factor authentication for admins. Turn it on to open the admin
              screens.
            </p>
          )}
          <TwoFactorSection status={status} />
        </div>
      </section>
      <section className="card bg-base-100 shadow-md">
        <div className="card-body">
          <CloseAccountSection {...options} />
        </div>
      </section>
    </>
  );
}
