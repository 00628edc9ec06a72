// Carries cache-tag invalidations between instances on PostgreSQL LISTEN/NOTIFY (docs/DECISIONS.md: no new server
// to run, and the database every instance already reaches). One listening connection per process, reconnecting by
// itself; after a gap every tag is expired, since notifications sent meanwhile are lost. Without DATABASE_URL (the
// embedded database, one process) there is nobody to tell.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { CACHE_TAGS } from '../lib/process/cache-tags.mjs';
import { log } from '../lib/process/log.mjs';

const CHANNEL = 'toolhaus_cache_tags';
const MAX_QUEUED = 100;

class TagInvalidations {
  instanceId = randomUUID();
  client = null;
  connected = false;
  queue = [];
  retryMs = 500;
  stopped = false;

  constructor(url, apply) {
    this.url = url;
    this.apply = apply;
  }

  async connect() {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 3000 });
    client.on('notification', (message) => this.receive(message.payload));
    client.on('error', (err) => log.warn({ err }, 'cache invalidation connection failed'));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      log.warn({ err }, 'cache invalidation connection failed');
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      this.scheduleReconnect();
      return;
    }
    const hadGap = this.client !== null;
    this.client = client;
    this.connected = true;
    this.retryMs = 500;
    // Invalidations other instances sent while this one was not listening are lost: start afresh.
    if (hadGap) this.apply([...CACHE_TAGS], { expire: 0 });
    for (const payload of this.queue.splice(0)) await this.send(payload);
  }

  lost(client) {
    if (this.client !== client) return;
    this.connected = false;
    if (!this.stopped) this.scheduleReconnect();
  }

  scheduleReconnect() {
    if (this.stopped) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
    setTimeout(() => void this.connect(), delay).unref();
  }

  receive(payload) {
    try {
      const { from, tags, durations } = JSON.parse(payload ?? '{}');
      if (from !== this.instanceId && Array.isArray(tags)) this.apply(tags, durations);
    } catch (err) {
      log.warn({ err }, 'unreadable cache invalidation');
    }
  }

  async send(payload) {
    try {
      await this.client.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    } catch (err) {
      log.warn({ err }, 'cache invalidation not sent');
      if (this.queue.length < MAX_QUEUED) this.queue.push(payload);
    }
  }

  publish(tags, durations) {
    const payload = JSON.stringify({ from: this.instanceId, tags, durations });
    if (this.connected) void this.send(payload);
    else if (this.queue.length < MAX_QUEUED) this.queue.push(payload);
  }

  async stop() {
    this.stopped = true;
    await this.client?.end().catch(() => {});
  }
}

/** This process's link to the other instances (one per process: Next may load the cache handler more than once). */
export function tagInvalidations(apply) {
  // LISTEN holds a session: through a transaction pooler it would be lost, so the primary itself when given.
  const url = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL;
  if (!url) return null;
  if (!globalThis.__toolhausTagInvalidations) {
    const link = new TagInvalidations(url, apply);
    globalThis.__toolhausTagInvalidations = link;
    void link.connect();
  }
  return globalThis.__toolhausTagInvalidations;
}
