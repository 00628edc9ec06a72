import Link from 'next/link';
import type { Metadata } from 'next';
import { ChangePasswordForm } from '@/components/dashboard/change-password-form';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ProfileDetails } from '@/components/dashboard/profile-details';
import { VerifyEmailNotice } from '@/components/dashboard/verify-email-notice';
import { SignOutEverywhereButton } from '@/components/dashboard/sign-out-everywhere-button';
import { CompanyForm } from '@/components/invoices/company-form';
import { OpenInvoicesTable } from '@/components/invoices/open-invoices-table';
import { NavButton } from '@/components/nav-button';
import { Price } from '@/components/price';
import { ShopOverview } from '@/components/dashboard/shop-overview';
import { AccountSecurity } from '@/components/two-factor/account-security';
import { isAdmin } from '@/lib/auth/guards';
import { requirePageActor } from '@/lib/auth/page-guards';
import { myInvoices } from '@/lib/invoices/queries';
import { getShopOverview } from '@/lib/overview';
import { getCompany } from '@/lib/companies/details';
import { getUser } from '@/lib/users/accounts';
import { signInMethodsWereReset } from '@/lib/users/sign-in-methods-reset';
import { SignInMethodsResetNotice } from '@/components/dashboard/sign-in-methods-reset-notice';

export const metadata: Metadata = { title: 'My Profile' };

export default async function MyProfilePage({ searchParams }: PageProps<'/dashboard'>) {
  const actor = await requirePageActor('/dashboard');
  // Sent here by REQUIRE_ADMIN_2FA from an admin screen (requirePageAdmin in lib/auth/page-guards.ts).
  const enrolmentRequired =
    actor.twoFactorRequired === true || (await searchParams).twoFactor === 'required';
  const [user, methodsReset, company, mine] = await Promise.all([
    getUser(actor, actor.email),
    signInMethodsWereReset(actor),
    getCompany(actor),
    myInvoices(actor),
  ]);
  // An admin comes here to run the shop: its overview first, above the fold; their own profile below it.
  const overview = isAdmin(actor) ? await getShopOverview(actor) : null;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      {overview && <ShopOverview overview={overview} />}
      <section aria-labelledby="my-profile-heading" className="card bg-base-100 shadow-md">
        <div className="card-body gap-4">
          <PageHeading id="my-profile-heading">My Profile</PageHeading>
          {!user.verified && <VerifyEmailNotice />}
          {methodsReset && <SignInMethodsResetNotice />}
          <ProfileDetails user={user} />
          <div className="card-actions justify-end">
            <SignOutEverywhereButton />
            <NavButton href="/dashboard/updateprofile" className="btn btn-primary">
              Update Profile
            </NavButton>
          </div>
          <p id="sign-out-everywhere-help" className="text-sm text-base-content/70">
            Sign out everywhere ends your sessions in every browser and every access token you were
            given.
          </p>
        </div>
      </section>
      <section aria-labelledby="company-heading" className="card bg-base-100 shadow-md">
        <div className="card-body gap-2">
          <h2 id="company-heading" className="card-title">
            Company
          </h2>
          <CompanyForm company={company} />
        </div>
      </section>
      {(mine.terms || mine.invoices.length > 0) && (
        <section aria-labelledby="invoices-heading" className="card bg-base-100 shadow-md">
          <div className="card-body gap-2">
            <h2 id="invoices-heading" className="card-title">
              Open invoices
            </h2>
            {mine.terms && (
              <p>
                Pay by invoice, net {mine.terms.netDays} days. Credit limit{' '}
                <Price amount={mine.terms.creditLimit} />, remaining credit{' '}
                <strong>
                  <Price amount={mine.terms.remainingCredit} />
                </strong>
                .
              </p>
            )}
            {mine.invoices.length > 0 ? (
              <OpenInvoicesTable invoices={mine.invoices} admin={false} />
            ) : (
              <p>You have no open invoices.</p>
            )}
            {/* Where a buyer on terms looks for what they owe: the statement is one step from here. */}
            <Link href="/dashboard/statement" className="link self-start py-2">
              Account statement: invoices, payments and your balance (PDF too)
            </Link>
          </div>
        </section>
      )}
      <section className="card bg-base-100 shadow-md">
        <div className="card-body">
          <ChangePasswordForm email={user.email} />
        </div>
      </section>
      <AccountSecurity actor={actor} enrolmentRequired={enrolmentRequired} />
    </div>
  );
}
