import './fields';
import { z } from 'zod';
import { isoDate } from './orders';

// The requested delivery date of a checkout and of a quote: one schema for the forms and the handlers.

const FIELD = 'Requested delivery date';
/** How far ahead a buyer may ask: a year, the longest a quote's lead time runs (0–365 days). */
export const DELIVERY_DAYS_AHEAD_MAX = 365;

const DAY_MS = 86_400_000;
const dayOf = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/**
 * The earliest day that is still today somewhere (UTC−12): a buyer whose evening is already tomorrow in UTC may
 * still ask for their today, and no day that has ended everywhere passes.
 */
export const earliestDeliveryDay = (now = Date.now()) => dayOf(now - 12 * 3_600_000);
export const latestDeliveryDay = (now = Date.now()) =>
  dayOf(now + DELIVERY_DAYS_AHEAD_MAX * DAY_MS);

/** Optional: empty, null or absent is "no date asked for" (null); else a real day, not past, within a year. */
export const requestedDeliverySchema = z
  .preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    isoDate(FIELD)
      .refine((day) => day >= earliestDeliveryDay(), { error: `${FIELD} can not be in the past` })
      .refine((day) => day <= latestDeliveryDay(), {
        error: `${FIELD} must be within ${DELIVERY_DAYS_AHEAD_MAX} days`,
      })
      .nullable(),
  )
  // A key a client may leave out, read as null like an empty field.
  .optional()
  .transform((day): string | null => day ?? null);
