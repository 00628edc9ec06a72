// The topology past one database (docs/OPERATIONS.md, Past one database): the app's pool through PgBouncer in
// transaction mode, a streaming replica for the catalogue, the primary itself for migrations. Its own PostgreSQL
// pair and PgBouncer, started here (PostgreSQL's binaries and Debian's pgbouncer, as .ci/run installs them), so it
// runs the same in the PGlite and the PostgreSQL pass.
import { sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDb,
  connectPostgres,
  getDb,
  queryRows,
  setConnection,
  type Database,
} from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { errorResponse } from '@/lib/http';
import { forgetReplicaFault, readFromReplica } from '@/lib/db/replica';
import { listOrdersForEmail } from '@/lib/orders/queries';
import { getCheckoutForCredential } from '@/lib/orders/document';
import { placeCheckout } from '@/lib/orders/checkout';
import { readCart, setCartLine } from '@/lib/cart/cart';
import { findIdentityAtVersion } from '@/lib/db/users';
import { placeOrder } from '@/lib/orders/placement';
import { getTool, listToolPage } from '@/lib/tools/catalogue';
import { freePort } from '@/scripts/lib/cluster.mjs';
import { startPgbouncer } from '@/scripts/lib/pgbouncer.mjs';
import { startPrivatePostgres } from '@/scripts/lib/postgres.mjs';
import { actorOf, makeTool, makeUser } from './helpers';

type Server = ReturnType<typeof startPrivatePostgres>;
let primary: Server;
let replica: Server;
let bouncer: Awaited<ReturnType<typeof startPgbouncer>>;
const savedEnv = { ...process.env };

const inRecovery = async () =>
  readFromReplica(async (db) => {
    const [row] = await queryRows<{ standby: boolean }>(
      db,
      sql`SELECT pg_is_in_recovery() AS standby`,
    );
    return row!.standby;
  });

beforeAll(async () => {
  await closeDb();
  primary = startPrivatePostgres(await freePort());
  replica = startPrivatePostgres(await freePort(), { replicaOf: primary });
  // Two server connections for a pool of ten: the app's transactions take turns on few sessions, so a statement
  // named in one session would be missing in the next.
  bouncer = await startPgbouncer({ port: await freePort(), target: primary, poolSize: 2 });
  Object.assign(process.env, {
    DATABASE_URL: bouncer.url,
    DATABASE_DIRECT_URL: primary.url,
    DATABASE_REPLICA_URL: replica.url,
    DATABASE_TRANSACTION_POOLING: 'true',
  });
  setConnection(
    connectPostgres(bouncer.url, { replicaUrl: replica.url, transactionPooling: true }),
  );
  await migrateDatabase();
}, 60_000);

afterAll(async () => {
  await closeDb();
  await bouncer?.stop();
  replica?.stop();
  primary?.stop();
  process.env = savedEnv;
});

describe('PgBouncer and a read replica', () => {
  it('gives each pooled session the settings a direct connection sends at startup', async () => {
    const settingsOf = async (db: Database) => {
      const [row] = await queryRows<Record<string, string>>(
        db,
        sql`SELECT current_setting('pg_trgm.word_similarity_threshold') AS threshold,
                   current_setting('statement_timeout') AS statement, current_setting('lock_timeout') AS lock`,
      );
      return row;
    };
    const direct = connectPostgres(primary.url);
    try {
      const expected = await settingsOf(direct.db);
      expect(expected).toEqual({ threshold: '0.4', statement: '5s', lock: '3s' });
      expect(await settingsOf(getDb())).toEqual(expected);
    } finally {
      await direct.close();
    }
  });

  it('lets a buyer see their own order at once, and the prepared read works through transaction pooling', async () => {
    const tool = await makeTool({ quantity: 10_000, minQuantity: 1 });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => makeUser()));
    // Placed and read back at once, many side by side: the read is the prepared statement, on the primary.
    const seen = await Promise.all(
      buyers.flatMap((buyer) =>
        Array.from({ length: 3 }, async () => {
          const credential = { userId: buyer.id, sessionVersion: 0 };
          const placed = await placeOrder(credential, {
            toolId: tool.id,
            quantity: 1,
            address: '1 Main St',
            phone: '555-0100',
          });
          const mine = await listOrdersForEmail(credential, buyer.email, { page: 1, limit: 50 });
          return mine.some((order) => order._id === placed.insertedId);
        }),
      ),
    );
    expect(seen).toEqual(Array(24).fill(true));
  });

  it("reads a buyer's cart and checkout, each one prepared statement, through transaction pooling", async () => {
    const tools = await Promise.all([
      makeTool({ quantity: 100, minQuantity: 1 }),
      makeTool({ quantity: 100, minQuantity: 1 }),
    ]);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => makeUser()));
    const read = await Promise.all(
      buyers.map(async (buyer) => {
        const actor = actorOf(buyer);
        for (const tool of tools) await setCartLine(actor, tool.id, 2);
        const cart = await readCart(actor);
        const placed = await placeCheckout(actor, { address: '1 Main St', phone: '555-0100' });
        const credential = { userId: buyer.id, sessionVersion: 0 };
        const checkout = await getCheckoutForCredential(credential, placed.checkoutId);
        const identity = await findIdentityAtVersion(buyer.id, 0);
        return [cart.lines.length, checkout.orders.length, identity?.email === buyer.email];
      }),
    );
    expect(read).toEqual(Array(6).fill([2, 2, true]));
  });

  it('reads the catalogue from the replica, and from the primary while the replica is down', async () => {
    const tool = await makeTool({ name: 'Replicated wrench' });
    forgetReplicaFault();
    expect(await inRecovery()).toBe(true);
    // The replica replays the primary's changes within moments.
    await expect.poll(() => getTool(tool.id).catch(() => null), { timeout: 5000 }).not.toBeNull();

    await replica.down('fast');
    expect(await inRecovery()).toBe(false);
    expect((await getTool(tool.id)).name).toBe('Replicated wrench');
    expect((await listToolPage(0, 24)).total).toBeGreaterThan(0);

    await replica.up();
    forgetReplicaFault();
    await expect.poll(inRecovery, { timeout: 10_000 }).toBe(true);
  });

  it('answers 503 when PgBouncer has no server connection free in time', async () => {
    // One server connection, a one-second wait: a query held there makes the next one wait past it.
    const tight = await startPgbouncer({
      port: await freePort(),
      target: primary,
      poolSize: 1,
      queryWaitSeconds: 1,
    });
    const pool = new Pool({ connectionString: tight.url, max: 2 });
    try {
      const held = pool.query('SELECT pg_sleep(3)');
      const refused = await pool.query('SELECT 1').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Error);
      const answer = errorResponse(refused);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('2');
      await held;
    } finally {
      await pool.end();
      await tight.stop();
    }
  });
});
