import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { UpdateProfileForm } from '@/components/dashboard/update-profile-form';
import { requirePageActor } from '@/lib/auth/page-guards';
import { getUser } from '@/lib/users/accounts';

export const metadata: Metadata = { title: 'Update Profile' };

export default async function UpdateProfilePage() {
  const actor = await requirePageActor('/dashboard/updateprofile');
  const user = await getUser(actor, actor.email);
  return (
    <section
      aria-labelledby="update-profile-heading"
      className="card max-w-2xl bg-base-100 shadow-md"
    >
      <div className="card-body gap-4">
        <PageHeading id="update-profile-heading">Update Profile</PageHeading>
        <UpdateProfileForm
          name={user.name ?? actor.name}
          email={actor.email}
          profile={{
            address: user.address ?? '',
            education: user.education ?? '',
            institution: user.institution ?? '',
            phone: user.phone ?? '',
            linkedIn: user.linkedIn ?? '',
          }}
        />
      </div>
    </section>
  );
}
