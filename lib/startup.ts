import { closeDb, databaseKind } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { DEMO_ADMIN, isEmptyDatabase, seedCatalogue } from '@/lib/db/seed';
import { getAuthSecret, getEnv } from '@/lib/env';
import { ensureAdmin } from '@/lib/users';

/** Runs once per server process: validates the environment, migrates, and seeds an empty embedded database. */
export async function startServer(): Promise<void> {
  const env = getEnv();
  getAuthSecret();
  await migrateDatabase();
  if (databaseKind() === 'pglite' && (await isEmptyDatabase())) {
    await seedCatalogue();
    await ensureAdmin(DEMO_ADMIN.email, DEMO_ADMIN.password, DEMO_ADMIN.name);
    console.log(
      `Embedded database seeded. Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
    );
  }
  if (env.SEED_ADMIN_EMAIL && env.SEED_ADMIN_PASSWORD) {
    await ensureAdmin(env.SEED_ADMIN_EMAIL, env.SEED_ADMIN_PASSWORD, 'Administrator');
  }
  // With NEXT_MANUAL_SIG_HANDLE Next leaves shutdown to us: PGlite must be closed cleanly or its files suffer.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void closeDb().finally(() => process.exit(0));
    });
  }
}
