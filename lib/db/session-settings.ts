/**
 * Settings of every database session (pg pool connections and PGlite alike).
 * `pg_trgm.word_similarity_threshold`: how close a search word must come to a word of a tool's name for `<%` (and
 * its index) to match; PostgreSQL's default of 0.6 misses a one-letter typo in a short word ("wrech" → "wrench" is
 * 0.5).
 */
export const SESSION_SETTINGS = { 'pg_trgm.word_similarity_threshold': '0.4' } as const;

/** The same settings as a libpq `options` string for a pg connection. */
export const sessionOptions = () =>
  Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
