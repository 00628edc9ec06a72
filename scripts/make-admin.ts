// `npm run user:admin -- <email>`: makes an existing account admin (DATABASE_URL, or the embedded database in
// DATA_DIR — stop the server first: PGlite allows one process per data directory).
import { closeDb } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { promoteToAdmin } from '@/lib/users/accounts';

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run user:admin -- <email>');
  process.exit(2);
}
await migrateDatabase();
const found = await promoteToAdmin(email);
await closeDb();
if (!found) {
  console.error(`No account with the email ${email}: sign up first.`);
  process.exit(1);
}
console.log(`${email} is now an admin.`);
