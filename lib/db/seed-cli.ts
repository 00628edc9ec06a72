// `npm run db:seed`: loads the demo catalogue and reviews into any database (DATABASE_URL or DATA_DIR).
import { closeDb } from './client';
import { migrateDatabase } from './migrate';
import { seedCatalogue } from './seed';

await migrateDatabase();
const added = await seedCatalogue();
await closeDb();
console.log(
  `Seeded ${added.tools} tools and ${added.reviews} reviews (existing tools are left alone).`,
);
