// Runs migrations on a throwaway database of its own (PGlite in memory, or a fresh PostgreSQL database beside
// DATABASE_URL), so that a migration can be tested on the schema before it with real rows.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { createPglite } from '@/lib/db/pglite';

const folder = path.resolve('lib/db/migrations');
export const migrationFiles = readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort();

export interface Runner {
  exec(text: string): Promise<void>;
  rows<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

async function pgliteRunner(): Promise<Runner> {
  const db = createPglite(undefined);
  return {
    exec: async (text) => {
      await db.exec(text);
    },
    rows: async <T>(text: string) => (await db.query<T>(text)).rows,
    close: () => db.close(),
  };
}

async function postgresRunner(url: string): Promise<Runner> {
  const name = `toolhaus_migration_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const client = new Client({ connectionString: target.toString() });
  await client.connect();
  return {
    exec: async (text) => {
      await client.query(text);
    },
    rows: async <T>(text: string) => (await client.query(text)).rows as T[],
    close: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

export const apply = async (runner: Runner, name: string) => {
  for (const statement of readFileSync(path.join(folder, name), 'utf8').split(
    '--> statement-breakpoint',
  ))
    if (statement.trim()) await runner.exec(statement);
};

/** A throwaway database with every migration before `migration` applied. */
export async function databaseBefore(migration: string): Promise<Runner> {
  const url = process.env.DATABASE_URL;
  const runner = url ? await postgresRunner(url) : await pgliteRunner();
  for (const name of migrationFiles.filter((file) => file < migration)) await apply(runner, name);
  return runner;
}
