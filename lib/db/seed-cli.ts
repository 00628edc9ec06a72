// `npm run db:seed`: loads the demo catalogue and reviews into any database (DATABASE_URL or DATA_DIR).
// `npm run db:seed -- --history [--orders N]`: also a year of demo orders (lib/db/seed-history.ts).
import { parseArgs } from 'node:util';
import { closeDb } from './client';
import { migrateDatabase } from './migrate';
import { seedCatalogue } from './seed';
import { HISTORY_ORDERS, seedHistory } from './seed-history';

const { values: options } = parseArgs({
  options: {
    history: { type: 'boolean', default: false },
    orders: { type: 'string', default: String(HISTORY_ORDERS) },
  },
});

await migrateDatabase();
const added = await seedCatalogue();
console.log(
  `Seeded ${added.tools} tools and ${added.reviews} reviews (existing tools are left alone).`,
);
if (options.history) {
  const placed = await seedHistory(Number(options.orders));
  console.log(
    placed > 0
      ? `Seeded a year of history: ${placed} orders by demo customers.`
      : 'The history was seeded before; nothing added.',
  );
}
await closeDb();
