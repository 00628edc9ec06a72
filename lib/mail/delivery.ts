import { Client } from 'pg';
import { databaseKind, getDb } from '@/lib/db/client';
import { directDatabaseUrl, getEnv } from '@/lib/env';
import { mailboxDir, mailFrom, mailMode } from '@/lib/mail/config';
import { mailboxSender, smtpSender, type SendMail } from '@/lib/mail/transport';
import { MailWorker } from '@/lib/mail/worker';
import { observeOutbox } from '@/lib/observability/metrics';
import { countOutboxByStatus } from '@/lib/mail/outbox';

// PostgreSQL wakes the worker by NOTIFY; the poll only catches retries that fall due and a lost connection.
// PGlite (one process) has no other instance to wake it: it polls often.
const POLL_MS = { postgres: 15_000, pglite: 1_000 };
const RELISTEN_MS = 5_000;

export interface MailDelivery {
  worker: MailWorker;
  stop: () => Promise<void>;
}

function senderForMode(): SendMail | null {
  const mode = mailMode();
  if (mode === 'smtp') return smtpSender(getEnv().SMTP_URL!);
  if (mode === 'mailbox') return mailboxSender(mailboxDir());
  return null;
}

/** LISTEN on its own connection (a pooled one would be handed to others); reconnects when it drops. */
function listenForMail(onMail: () => void): () => Promise<void> {
  let client: Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    // LISTEN holds a session, which a transaction pooler does not keep: the primary itself.
    const next = new Client({ connectionString: directDatabaseUrl() });
    next.on('notification', onMail);
    next.on('error', () => undefined);
    next.on('end', () => {
      if (!closed) retry = setTimeout(() => void connect(), RELISTEN_MS);
    });
    try {
      await next.connect();
      await next.query('LISTEN mail_outbox');
      client = next;
      // Mail queued while nobody listened.
      onMail();
    } catch (error) {
      console.error('Mail worker: LISTEN failed,', error instanceof Error ? error.message : error);
      await next.end().catch(() => undefined);
    }
  };
  void connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** Starts this instance's mail worker, or answers null where mail is unavailable. */
export function startMailDelivery(): MailDelivery | null {
  const send = senderForMode();
  if (!send) return null;
  const worker = new MailWorker({ db: getDb(), send, from: mailFrom() });
  observeOutbox(() => countOutboxByStatus(getDb()));
  const kick = () => {
    worker.drain().catch((error: unknown) => {
      console.error('Mail worker:', error instanceof Error ? error.message : error);
    });
  };
  const kind = databaseKind();
  const timer = setInterval(kick, POLL_MS[kind]);
  timer.unref();
  const unlisten = kind === 'postgres' ? listenForMail(kick) : async () => undefined;
  kick();
  return {
    worker,
    stop: async () => {
      clearInterval(timer);
      await unlisten();
      await worker.stop();
    },
  };
}
