// The data-cache tags of the app (lib/cache.ts): what a write invalidates, and what an instance expires after it
// may have missed invalidations (its notification connection was down).
export const CACHE_TAGS = ['tools', 'reviews'];
