import './fields';
import { z } from 'zod';
import { companySchema } from './company';
import { dollars, email, optionalText, required, text } from './fields';

// Company accounts: creating one, inviting and managing its members.

export const COMPANY_ROLE_VALUES = ['owner', 'approver', 'buyer'] as const;

const role = z.enum(COMPANY_ROLE_VALUES, { error: 'Role must be owner, approver or buyer' });

/** A buyer's spending limit in dollars; null removes it (no limit of their own). */
const spendingLimit = dollars('Spending limit', true).nullable();

/** `POST /api/companies` and the Create a company form. */
export const createCompanySchema = z.object({
  name: required('Company name is Required', 200),
  taxId: companySchema.shape.taxId,
  billingAddress: companySchema.shape.billingAddress,
});
export type CreateCompanyInput = z.input<typeof createCompanySchema>;

/** `POST /api/company/invitations` and the Invite form (owners). */
export const invitationSchema = z.object({
  email,
  role,
  spendingLimit: spendingLimit.optional(),
});
export type InvitationInput = z.input<typeof invitationSchema>;

/** `POST /api/company/invitations/accept`: the token of the mailed link. */
export const acceptInvitationSchema = z.object({
  token: text('This invitation link is not valid').trim().min(1, {
    error: 'This invitation link is not valid',
  }),
});

/** `PUT /api/company/members/{userId}` (owners): a member's role and spending limit. */
export const memberUpdateSchema = z
  .object({ role: role.optional(), spendingLimit: spendingLimit.optional() })
  .refine((input) => input.role !== undefined || input.spendingLimit !== undefined, {
    error: 'Give a role or a spending limit',
  });
export type MemberUpdateInput = z.input<typeof memberUpdateSchema>;

/** `POST /api/company/addresses` and `PUT …/{id}`, and the address book's form: one place the company ships to. */
export const companyAddressSchema = z.object({
  label: required('Label is Required', 60),
  recipient: required('Recipient is Required', 120),
  companyName: optionalText('Company', 200),
  street: required('Street is Required', 200),
  postcode: required('Postcode is Required', 20),
  city: required('City is Required', 100),
  region: optionalText('Region', 100),
  country: text('Country is Required')
    .trim()
    .min(1, { error: 'Country is Required' })
    .transform((value) => value.toUpperCase())
    .refine((value) => /^[A-Z]{2}$/.test(value), {
      error: 'Country must be a 2-letter code like DE',
    }),
  phone: optionalText('Phone', 40),
});
export type CompanyAddressInput = z.input<typeof companyAddressSchema>;

/** The entry `PUT` and `DELETE /api/company/addresses` name in their body. */
export const addressIdSchema = z.object({
  addressId: z.uuid({ error: 'Address not found' }),
});
