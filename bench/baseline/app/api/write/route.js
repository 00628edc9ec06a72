import pg from 'pg';

// Render per request: the floor for a route handler that writes one row and commits, as an order placement must. It
// updates the same row every time, as the benchmark's orders all take stock from one tool: each commit waits for the
// one before it to reach the disk (the row stays locked until then), so this also shows what the disk allows.
export const dynamic = 'force-dynamic';

const WRITE = `UPDATE tools SET updated_at = now()
               WHERE id = (SELECT id FROM tools ORDER BY created_at, id LIMIT 1) RETURNING id, quantity`;

const holder = globalThis;
holder.__benchPool ??= new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

export async function POST() {
  const { rows } = await holder.__benchPool.query(WRITE);
  return Response.json(rows[0], { status: 201 });
}
