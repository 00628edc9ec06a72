import { namedStatementsAllowed, type Database } from '@/lib/db/client';

/**
 * A statement prepared once per database connection pool and reused: for the reads repeated most, parsing and
 * planning the SQL each time costs more than running it. Keyed by the Database, so that tests and scripts that open
 * their own get their own. Behind a transaction pooler (PgBouncer) the statement goes unnamed: a named one lives in
 * the server session that prepared it, and the pooler gives the next transaction another; the SQL is still built
 * once, only PostgreSQL parses it each time.
 */
export function preparedPerDatabase<Statement>(
  name: string,
  prepare: (db: Database, name: string) => Statement,
): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db, namedStatementsAllowed(db) ? name : '');
      statements.set(db, statement);
    }
    return statement;
  };
}
