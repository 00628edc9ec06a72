'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useSession } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { SubmitButton } from '@/components/auth/submit-button';
import { TextField } from '@/components/forms/text-field';
import { showFieldErrors } from '@/components/forms/api-field-errors';
import { ApiError, apiRequest } from '@/lib/client/api';
import { profileSchema, type ProfileInput } from '@/lib/validation/users';

interface UpdateProfileFormProps {
  name: string;
  email: string;
  profile: ProfileInput;
}

const PROFILE_FIELDS = ['address', 'education', 'institution', 'phone', 'linkedIn'] as const;

export function UpdateProfileForm({ name, email, profile }: UpdateProfileFormProps) {
  const router = useRouter();
  const { data: session, status } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(profileSchema), mode: 'onChange', defaultValues: profile });

  const currentName = session?.user?.name ?? name;
  const currentEmail = session?.user?.email ?? email;

  async function onSubmit(values: ProfileInput) {
    if (status === 'unauthenticated') {
      toast.error('No user is logged in');
      return;
    }
    try {
      // The answer's token is for API clients: the browser keeps to its HttpOnly session cookie.
      await apiRequest('PUT', `/api/user/${encodeURIComponent(currentEmail)}`, values);
      toast.success('Profile updated');
      router.push('/dashboard');
      router.refresh();
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 401) {
        toast.error('No user is logged in');
        return;
      }
      // A field's message goes under it; the toast says the update failed either way.
      showFieldErrors(cause, PROFILE_FIELDS, setError);
      if (!(cause instanceof ApiError)) console.error('Profile update failed', cause);
      toast.error(
        cause instanceof ApiError
          ? cause.message
          : 'Could not update your profile. Please try again.',
      );
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Name" value={currentName} readOnly />
        <TextField label="Email" type="email" value={currentEmail} readOnly />
      </div>
      <TextField
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Education" error={errors.education?.message} {...register('education')} />
        <TextField
          label="Institution"
          autoComplete="organization"
          error={errors.institution?.message}
          {...register('institution')}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="LinkedIn"
          type="url"
          autoComplete="url"
          placeholder="https://www.linkedin.com/in/…"
          error={errors.linkedIn?.message}
          {...register('linkedIn')}
        />
      </div>
      <SubmitButton busy={isSubmitting}>Update Profile</SubmitButton>
    </form>
  );
}
