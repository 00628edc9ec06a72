import './fields';
import { z } from 'zod';

// `GET /api/prices?tools=<id>,<id>`: the caller's own prices of the tools a page shows.

/** The most tools one read prices: a catalogue page shows at most this many. */
export const MAX_PRICED_TOOLS = 100;

export const myPricesQuerySchema = z.object({
  tools: z
    .string({ error: 'tools is Required' })
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.uuid({ error: 'tools must be tool ids separated by commas' }))
        .max(MAX_PRICED_TOOLS, { error: `tools can name at most ${MAX_PRICED_TOOLS} tools` }),
    ),
});
export type MyPricesQuery = z.output<typeof myPricesQuerySchema>;
