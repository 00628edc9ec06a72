import { z } from 'zod';
import { isPhoneNumber, isWebAddress, PHONE_MESSAGE, WEB_ADDRESS_MESSAGE } from './contact';
import { optionalParam, required, text } from './fields';
import { orderListQuerySchema } from './orders';

// Accounts: the profile, the sign-in's name update, closing one's account, an admin disabling an account.

export const profileSchema = z.object({
  address: required('Address is Required'),
  education: required('Education is Required', 200),
  institution: required('Institution is Required', 200),
  phone: required('Phone is Required', 40).refine(isPhoneNumber, { error: PHONE_MESSAGE }),
  linkedIn: required('LinkedIn is Required', 300).refine(isWebAddress, {
    error: WEB_ADDRESS_MESSAGE,
  }),
});
export type ProfileInput = z.infer<typeof profileSchema>;

const PROFILE_FIELDS = ['address', 'education', 'institution', 'phone', 'linkedIn'] as const;

/**
 * Body of PUT /user/{email}: after sign-in it carries `{ email, name }` (the email is the URL's, the name optional);
 * from the profile form it carries the five profile fields, all required. Anything else (role!) is ignored.
 */
export const userUpdateSchema = z
  .looseObject({ name: text('name must be text').trim().max(100).optional() })
  .transform((body, ctx) => {
    const name = body.name || undefined;
    if (!PROFILE_FIELDS.some((field) => field in body)) return { name };
    const profile = profileSchema.safeParse(body);
    if (!profile.success) {
      for (const issue of profile.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { name, profile: profile.data };
  });

/**
 * Closing one's account: nothing more when the sign-in is recent, else the password or a two-factor code (or a
 * recovery code) confirms that it is the account's owner at the keyboard.
 */
export const closeAccountSchema = z.object({
  password: z.string().max(1000, { message: 'The password is too long' }).optional(),
  code: z.string().trim().max(32, { message: 'The code is too long' }).optional(),
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;

/** All Users → Disable / Enable: `PUT /api/user/disabled/{id}`. */
export const accountDisabledSchema = z.object({
  disabled: z.boolean({ error: 'disabled must be true or false' }),
});
export type AccountDisabledInput = z.infer<typeof accountDisabledSchema>;

/** All Users (`/dashboard/manageuser?q=&page=`): a search in names, emails and company names, and a page. */
export const userListQuerySchema = z.object({
  q: optionalParam(
    text('Search text must be text')
      .trim()
      .max(100, { error: 'Search for 100 characters or fewer' }),
  ).transform((value) => value || undefined),
  page: orderListQuerySchema.shape.page,
});
export type UserListQuery = z.output<typeof userListQuerySchema>;
