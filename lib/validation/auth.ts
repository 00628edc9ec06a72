import { z } from 'zod';
import { email, password, required, text } from './fields';

// Signing in, signing up and the mailed links: password reset, email verification, the sign-in link.

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({ name: required('name is Required', 100), email, password });
export type SignupInput = z.infer<typeof signupSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const INVALID_LINK = 'This link is invalid or has expired. Ask for a new one.';

/** A mailed one-time token: 32 random bytes in base64url. */
export const oneTimeTokenSchema = z
  .string({ error: INVALID_LINK })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: INVALID_LINK });

export const resetPasswordSchema = z.object({ token: oneTimeTokenSchema, password });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z.object({
  currentPassword: text('Password is Required').min(1, { error: 'Password is Required' }),
  newPassword: password,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const verifyEmailSchema = z.object({ token: oneTimeTokenSchema });

/** "Email me a sign-in link": the address, and where to go once signed in. */
export const emailLinkRequestSchema = z.object({
  email,
  from: z.string().max(2000).optional(),
});
export type EmailLinkRequestInput = z.infer<typeof emailLinkRequestSchema>;

/** Opening the mailed link: the token, and the name sign-up asks for when the link opens a new account. */
export const emailLinkSignInSchema = z.object({
  token: oneTimeTokenSchema,
  name: signupSchema.shape.name.optional(),
});
export type EmailLinkSignInInput = z.infer<typeof emailLinkSignInSchema>;
