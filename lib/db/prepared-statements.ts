import type { Database } from '@/lib/db/client';

/**
 * A statement prepared once per database connection pool and reused: for the reads repeated most, parsing and
 * planning the SQL each time costs more than running it. Keyed by the Database, so that tests and scripts that open
 * their own get their own.
 */
export function preparedPerDatabase<Statement>(
  prepare: (db: Database) => Statement,
): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
