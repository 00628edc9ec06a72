import { sql } from 'drizzle-orm';
import { getDb, queryRows } from './client';
import { unitPriceSql } from './pricing';
import { checkouts, orders, tools, users } from './schema';

// `npm run db:seed -- --history`: a year of plausible orders for the demo shop, so that a newcomer's analytics show
// trends, best sellers and seasons. Only ever asked for: plain `npm start` seeds the catalogue alone.

/** The demo customers' addresses; their presence says the history was loaded already. */
const CUSTOMER_DOMAIN = 'history.toolhaus.example';
export const HISTORY_CUSTOMERS = 80;
export const HISTORY_ORDERS = 4000;

/**
 * Inserts `count` orders placed over the last 365 days by HISTORY_CUSTOMERS demo customers (accounts without a
 * password, so nobody signs in as them), once. Busier in spring and autumn and on weekdays, growing over the year;
 * a few customers buy often (so some return and some are new), some tools sell more than others; quantities from
 * the tool's minimum up, priced by the shop's own rule (price breaks included). Orders older than a few days are paid,
 * most of those older than a week shipped; stock is left as it is (these are past orders).
 */
export async function seedHistory(count = HISTORY_ORDERS): Promise<number> {
  const db = getDb();
  const [seeded] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM ${users} WHERE email LIKE ${`%@${CUSTOMER_DOMAIN}`}`,
  );
  if ((seeded?.count ?? 0) > 0) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT setseed(0.34)`);
    await tx.execute(sql`
      INSERT INTO ${users} (name, email, created_at)
      SELECT 'Demo customer ' || n, 'buyer' || n || ${`@${CUSTOMER_DOMAIN}`}, now() - interval '400 days'
      FROM generate_series(1, ${HISTORY_CUSTOMERS}) AS n`);
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`
      WITH catalogue AS (
        SELECT id, name, sku, price_cents, price_breaks, min_quantity,
               row_number() OVER (ORDER BY name) AS rank, count(*) OVER () AS size
        FROM ${tools} WHERE deleted_at IS NULL
      ), customers AS (
        SELECT id, email, name, row_number() OVER (ORDER BY email) AS rank
        FROM ${users} WHERE email LIKE ${`%@${CUSTOMER_DOMAIN}`}
      ), drawn AS (
        -- Twice the candidates, of which the weekday and season filter below keeps the count asked for. The day: a year back, more orders later in the year (growth) and in spring and autumn (seasons).
        SELECT n,
               now() - make_interval(days => floor(365 * power(random(), 1.4))::int)
                     - make_interval(secs => floor(random() * 86400)::int) AS day,
               -- Skewed picks: low ranks (a few customers, a few tools) come up far more often.
               1 + floor(${HISTORY_CUSTOMERS} * power(random(), 2.2))::int AS customer_rank,
               random() AS tool_pick, random() AS size_pick, random() AS state_pick
        FROM generate_series(1, ${count} * 2) AS n
      ), dated AS (
        SELECT * FROM drawn
        WHERE extract(isodow FROM day) < 6 OR state_pick < 0.45
          OR random() < 0.5 + 0.4 * abs(sin(extract(doy FROM day) / 365.0 * 2 * pi()))
        ORDER BY n LIMIT ${count}
      ), lines AS (
        SELECT d.*, c.id AS user_id, c.email, c.name AS user_name, t.id AS tool_id, t.name AS tool_name,
               t.sku, t.price_cents, t.price_breaks,
               (t.min_quantity * (1 + floor(5 * power(d.size_pick, 3))))::int AS quantity
        FROM dated d
        JOIN customers c ON c.rank = d.customer_rank
        JOIN catalogue t ON t.rank = 1 + floor(t.size * power(d.tool_pick, 1.7))::int
      ), priced AS (
        SELECT l.*, ${unitPriceSql(sql`l.price_cents`, sql`l.price_breaks`, sql`l.quantity`)} AS unit_price_cents
        FROM lines l
      ), placed AS MATERIALIZED (
        -- Each past order a document of one line, with the buyer's address and phone as placed.
        SELECT *, gen_random_uuid() AS document_id,
               (100 + customer_rank) || ' Workshop Lane, Springfield' AS address,
               '+1 555 01' || lpad(customer_rank::text, 2, '0') AS phone
        FROM (SELECT *, day < now() - interval '3 days' AND state_pick < 0.93 OR state_pick < 0.4 AS paid FROM priced) p
      ), documents AS (
        INSERT INTO ${checkouts} (id, user_id, email, user_name, address, phone, total_cents, transaction_id,
                                  created_at)
        SELECT document_id, user_id, email, user_name, address, phone, unit_price_cents * quantity,
               CASE WHEN paid THEN 'demo_history_' || n END, day
        FROM placed ORDER BY day, n
        RETURNING id, number
      )
      INSERT INTO ${orders} (checkout_id, checkout_number, tool_id, user_id, product_name, sku, unit_price_cents,
                             quantity, total_cents, email, user_name, address, phone, paid, transaction_id, paid_at,
                             shipped_quantity, created_at)
      SELECT documents.id, documents.number, tool_id, user_id, tool_name, sku, unit_price_cents, quantity,
             unit_price_cents * quantity, email, user_name, address, phone,
             paid, CASE WHEN paid THEN 'demo_history_' || n END, CASE WHEN paid THEN day + interval '2 hours' END,
             CASE WHEN paid AND day < now() - interval '7 days' AND state_pick < 0.97 THEN quantity ELSE 0 END, day
      FROM placed JOIN documents ON documents.id = placed.document_id
      RETURNING id`,
    );
    return inserted.length;
  });
}
