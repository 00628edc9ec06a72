// Next's data and page cache for several instances (next.config.ts `cacheHandler`): entries stay in each process's
// memory, as with Next's own handler, and an invalidated tag reaches every instance through PostgreSQL
// (server/tag-invalidations.mjs), so a write on one instance shows on all of them within a second.
import fileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import { tagInvalidations } from './tag-invalidations.mjs';

const FileSystemCache = fileSystemCache.default ?? fileSystemCache;

/** Marks the tags invalid in this process exactly as Next's own handler does (its tags manifest). */
const applyLocally = (tags, durations) =>
  FileSystemCache.prototype.revalidateTag.call(null, tags, durations);

export default class SharedTagsCacheHandler extends FileSystemCache {
  constructor(context) {
    super(context);
    // Listening starts with the first handler, at the server's first cached read or write.
    tagInvalidations(applyLocally);
  }

  async revalidateTag(tags, durations) {
    await super.revalidateTag(tags, durations);
    tagInvalidations(applyLocally)?.publish(typeof tags === 'string' ? [tags] : tags, durations);
  }
}
