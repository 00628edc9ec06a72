import { z } from 'zod';

/**
 * Closing one's account: nothing more when the sign-in is recent, else the password or a two-factor code (or a
 * recovery code) confirms that it is the account's owner at the keyboard.
 */
export const closeAccountSchema = z.object({
  password: z.string().max(1000, { message: 'The password is too long' }).optional(),
  code: z.string().trim().max(32, { message: 'The code is too long' }).optional(),
});

export type CloseAccountInput = z.infer<typeof closeAccountSchema>;
