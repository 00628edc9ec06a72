import pg from 'pg';

// Render per request: the floor for a route handler that reads the database once.
export const dynamic = 'force-dynamic';

// The query bench/baseline/http-pg.mjs runs too; the shop's own pool also holds 10 connections.
const QUERY = 'SELECT id, name, price_cents, quantity FROM tools ORDER BY created_at LIMIT 1';

const holder = globalThis;
holder.__benchPool ??= new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

export async function GET() {
  const { rows } = await holder.__benchPool.query(QUERY);
  return Response.json(rows);
}
