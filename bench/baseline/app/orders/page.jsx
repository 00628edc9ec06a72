import pg from 'pg';

// Render per request: the floor for a signed-in page, a server-rendered page that reads the database once.
export const dynamic = 'force-dynamic';

const QUERY = 'SELECT id, name, price_cents, quantity FROM tools ORDER BY created_at LIMIT 5';

const holder = globalThis;
holder.__benchPool ??= new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

export default async function Orders() {
  const { rows } = await holder.__benchPool.query(QUERY);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto' }}>
      <h1>Orders</h1>
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            {row.name}: {row.quantity} at {row.price_cents} cents
          </li>
        ))}
      </ul>
    </main>
  );
}
