import { z } from 'zod';
import './fields';

/** The largest page of My Orders (lib/validation/orders.ts) names at most this many documents. */
const MOST_DOCUMENTS = 200;

/** `GET /api/orders/documents?ids=a,b`: documents named by their own ids or by any of their lines' ids. */
export const documentIdsQuerySchema = z.object({
  ids: z
    .string({ error: 'ids must name at least one order' })
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.uuid({ error: 'ids must be order ids separated by commas' }))
        .min(1, { error: 'ids must name at least one order' })
        .max(MOST_DOCUMENTS, { error: `ids may name at most ${MOST_DOCUMENTS} orders` }),
    ),
});
