// @ts-check
// The data-cache tags of the app (lib/cache.ts): what a write invalidates, and what an instance expires after
// it may have missed invalidations (its notification connection was down, server/tag-invalidations.mjs).
export const CACHE_TAGS = /** @type {const} */ (['tools', 'reviews']);
