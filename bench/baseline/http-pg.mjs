// The machine's limit for "one HTTP request, one PostgreSQL query": bare node:http + pg, no framework.
// Usage: DATABASE_URL=postgres://… PORT=3502 node bench/baseline/http-pg.mjs
import http from 'node:http';
import pg from 'pg';

const QUERY = 'SELECT id, name, price_cents, quantity FROM tools ORDER BY created_at LIMIT 1';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const port = Number(process.env.PORT ?? 3502);

const server = http.createServer(async (req, res) => {
  try {
    const { rows } = await pool.query(QUERY);
    const body = JSON.stringify(rows);
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  } catch (error) {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(String(error));
  }
});

server.listen(port, '127.0.0.1', () =>
  console.log(`http-pg listening on http://127.0.0.1:${port}`),
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close();
    void pool.end().finally(() => process.exit(0));
  });
}
