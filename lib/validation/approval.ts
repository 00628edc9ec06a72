import { z } from 'zod';
import { multilineText } from './fields';

export const APPROVAL_REASON_MAX = 500;

/** An approver's decision on a buyer's order (`POST /api/checkout/{id}/approve` and `/decline`): a reason, if any. */
export const approvalSchema = z
  .object({
    reason: multilineText('reason must be text')
      .pipe(
        z
          .string()
          .trim()
          .max(APPROVAL_REASON_MAX, {
            error: `reason must be ${APPROVAL_REASON_MAX} characters or fewer`,
          }),
      )
      .optional()
      .transform((value) => value || undefined),
  })
  .strict();
export type ApprovalInput = z.input<typeof approvalSchema>;
