import { z } from 'zod';
import { idSchema } from './fields';
import { QUANTITY_MESSAGES } from './quantity';

/** A punch-out cart's line as its form sends it: the tool and how many; 0 takes the line out. */
export const punchoutCartLineSchema = z.object({
  toolId: idSchema,
  quantity: z.coerce
    .number({ error: QUANTITY_MESSAGES.required })
    .int({ error: QUANTITY_MESSAGES.whole })
    .min(0, { error: QUANTITY_MESSAGES.whole })
    .max(1_000_000, { error: QUANTITY_MESSAGES.aboveStock }),
});
export type PunchoutCartLineInput = z.infer<typeof punchoutCartLineSchema>;

/** OCI's call: where the cart goes back, and the company's OCI user. */
export const ociCallSchema = z.object({
  HOOK_URL: z.url({ protocol: /^https?$/, error: 'HOOK_URL must be an http(s) URL' }),
  USERNAME: z.string({ error: 'USERNAME is Required' }).min(1, { error: 'USERNAME is Required' }),
  PASSWORD: z.string({ error: 'PASSWORD is Required' }).min(1, { error: 'PASSWORD is Required' }),
  '~TARGET': z.string().max(100).optional(),
});
