import { closeDb, databaseKind } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { DEMO_ADMIN, isEmptyDatabase, seedCatalogue } from '@/lib/db/seed';
import { freezeEnv, getAuthSecret, getEnv } from '@/lib/env';
import { answerPostsEarly } from '@/lib/process/early-answers.mjs';
import { lifecycle, onShutdown } from '@/lib/process/lifecycle.mjs';
import { log } from '@/lib/process/log.mjs';
import { mailboxDir, mailMode } from '@/lib/mail/config';
import { startMailDelivery } from '@/lib/mail/delivery';
import { GUEST_CART_EXPIRY_JOB } from '@/lib/cart/guest-expiry';
import { invoiceReminderJob } from '@/lib/invoices/reminders';
import { APPROVAL_EXPIRY_JOB } from '@/lib/orders/approval-expiry';
import { startSchedule, type ScheduledJob } from '@/lib/jobs/schedule';
import { paymentsConfigured } from '@/lib/payments';
import { PUNCHOUT_SESSION_EXPIRY_JOB } from '@/lib/punchout/session-expiry';
import { QUOTE_EXPIRY_JOB } from '@/lib/quotes/expiry';
import { ensureAdmin, hasAdmin, adminSignInWorks } from '@/lib/users/accounts';
import { CREDENTIALS_CALLBACK_PATH, credentialsSignInEarly } from '@/lib/auth/known-lock-refusal';
import { serveSignedInReadsDirectly } from '@/lib/signed-in-reads';

// The periodic work of every instance (lib/jobs/schedule.ts says how each stays once-only across instances).
const SCHEDULED_JOBS: ScheduledJob[] = [
  invoiceReminderJob,
  QUOTE_EXPIRY_JOB,
  GUEST_CART_EXPIRY_JOB,
  APPROVAL_EXPIRY_JOB,
  PUNCHOUT_SESSION_EXPIRY_JOB,
];

/** Runs once per server process: validates the environment, migrates, and prepares the embedded demo and admins. */
export async function startServer(): Promise<void> {
  const env = freezeEnv();
  getAuthSecret();
  await migrateDatabase();
  if (databaseKind() === 'pglite') await prepareEmbeddedDemo();
  if (env.SEED_ADMIN_EMAIL && env.SEED_ADMIN_PASSWORD) {
    await ensureAdmin(env.SEED_ADMIN_EMAIL, env.SEED_ADMIN_PASSWORD, 'Administrator');
  }
  if (!paymentsConfigured()) {
    console.warn(
      'Card payments are off: set STRIPE_SECRET_KEY, or PAYMENTS=test to take test cards in production.',
    );
  }
  announceMail();
  // Under server/instance.mjs a sign-in this instance knows to be locked is refused before Next runs.
  answerPostsEarly(CREDENTIALS_CALLBACK_PATH, credentialsSignInEarly);
  serveSignedInReadsDirectly();
  const mail = startMailDelivery();
  const stopJobs = startSchedule(SCHEDULED_JOBS);
  // PGlite must be closed cleanly or its files suffer; the pool's connections are handed back to PostgreSQL. Hooks
  // run last-registered first: the mail worker first gives back the rows it claimed, so that another instance sends
  // them now rather than after the claim expires, then the database closes.
  onShutdown(closeDb);
  if (mail) onShutdown(() => mail.stop());
  onShutdown(stopJobs);
  // Under server/instance.mjs the server drains first and then runs the hooks; under a bare `next start` with
  // NEXT_MANUAL_SIG_HANDLE, Next leaves the signals to us.
  if (!lifecycle().managed) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        void runShutdownHooksOnce().finally(() => process.exit(0));
      });
    }
  }
}

async function runShutdownHooksOnce(): Promise<void> {
  for (const hook of lifecycle().hooks.splice(0)) {
    await hook().catch((error: unknown) => log.error({ err: error }, 'shutdown step failed'));
  }
}

function announceMail(): void {
  const mode = mailMode();
  if (mode === 'smtp') {
    console.log(`Mail: sent through ${new URL(getEnv().SMTP_URL!).host}.`);
  } else if (mode === 'mailbox') {
    console.log(
      `Mail: no SMTP_URL, so mail goes to the local mailbox (admins read it at /dashboard/mail; files in ${mailboxDir()}).`,
    );
  } else {
    console.warn(
      'Mail is off: set SMTP_URL (and MAIL_FROM) to send password resets, address verification and order mails.',
    );
  }
}

/**
 * The embedded database is a demo: an empty one gets the catalogue, and one without any admin (also after
 * `npm run db:seed` ran first) gets the demo admin, whose sign-in is logged at every start while it still works.
 */
async function prepareEmbeddedDemo(): Promise<void> {
  if (await isEmptyDatabase()) {
    await seedCatalogue();
    console.log('Embedded database seeded with the demo catalogue.');
  }
  if (!(await hasAdmin())) {
    await ensureAdmin(DEMO_ADMIN.email, DEMO_ADMIN.password, DEMO_ADMIN.name);
  }
  if (await adminSignInWorks(DEMO_ADMIN.email, DEMO_ADMIN.password)) {
    console.log(`Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
  }
}
