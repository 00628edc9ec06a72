import path from 'node:path';
import { defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // next-auth imports 'next/server' without an extension, which only a bundler resolves.
    server: { deps: { inline: ['next-auth'] } },
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/setup.ts'],
    // One PostgreSQL database is shared by all files, so they take turns; PGlite gives each file its own copy.
    fileParallelism: !onPostgres,
    maxWorkers: onPostgres ? 1 : 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: {
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      NODE_ENV: 'test',
      PAYMENTS: 'test',
    },
  },
});
