import { revalidateTag, unstable_cache } from 'next/cache';
import type { CACHE_TAGS } from '@/lib/process/cache-tags.mjs';

export type CacheTag = (typeof CACHE_TAGS)[number];

// Outside the Next server (vitest, CLI scripts) there is no incremental cache: read straight through.
const insideNext = () =>
  process.env.NEXT_RUNTIME === 'nodejs' && process.env.NEXT_PHASE !== 'phase-production-build';

/** A public read served from Next's data cache until a write invalidates its tag; arguments join the cache key. */
export function cachedRead<Args extends unknown[], T>(
  key: string,
  tag: CacheTag,
  read: (...args: Args) => Promise<T>,
): (...args: Args) => Promise<T> {
  // Writes invalidate the tag on every instance (server/cache-handler.mjs); the lifetime is the backstop for an
  // instance that missed an invalidation.
  const cached = unstable_cache(read, [key], { tags: [tag], revalidate: 30 });
  return (...args) => (insideNext() ? cached(...args) : read(...args));
}

/** Expires the tag at once so that the next read (home page, /api/tools) shows the write. */
export function invalidate(tag: CacheTag): void {
  if (insideNext()) revalidateTag(tag, { expire: 0 });
}
