import { z } from 'zod';
import { required } from './fields';

// A company's punch-out settings (lib/companies/punchout.ts): who its procurement system is, and where OCI may send
// a cart back. The secrets are the shop's to make, never an input.

export const MAX_HOOK_URLS = 20;

const HOOK_URL_MESSAGE =
  'Each HOOK_URL must be an http(s) address without a password or a #fragment';

const hookUrl = z
  .string({ error: HOOK_URL_MESSAGE })
  .trim()
  .max(2000, { error: 'A HOOK_URL must be at most 2000 characters' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') &&
          !url.username &&
          !url.password &&
          !url.hash &&
          !value.includes('#')
        );
      } catch {
        return false;
      }
    },
    { error: HOOK_URL_MESSAGE },
  );

/** `PUT /api/company/punchout` and the Punch-out page's form (owners). */
export const punchoutSettingsSchema = z.object({
  cxmlDomain: required('cXML domain is Required', 100),
  cxmlIdentity: required('cXML identity is Required', 200),
  hookUrls: z
    .array(hookUrl, { error: 'hookUrls must be a list of addresses' })
    .max(MAX_HOOK_URLS, { error: `At most ${MAX_HOOK_URLS} HOOK_URLs` })
    .default([])
    .transform((urls) => [...new Set(urls)]),
});
export type PunchoutSettingsInput = z.input<typeof punchoutSettingsSchema>;
