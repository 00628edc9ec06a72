import { z } from 'zod';
// For its side effect: zod's jitless setting, which every schema needs under the CSP.
import './fields';

/** A code from the authenticator app (6 digits) or a recovery code (`xxxxx-xxxxx`): enrolment, sign-in, turning off. */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ message: 'Code is Required' })
    .trim()
    .min(1, { message: 'Code is Required' })
    .max(32, { message: 'The code is too long' }),
});
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;
