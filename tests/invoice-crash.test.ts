import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '@/lib/db/schema';
import { markPaid } from '@/lib/orders/payment';
import { restartedDatabase } from './restarted-database';

describe('fault: the shop process is killed inside a payment, after its invoice number was taken', () => {
  it('issues the next payment that number: no gap, no repeat', async () => {
    const directory = process.env.DATABASE_URL
      ? undefined
      : mkdtempSync(path.join(tmpdir(), 'toolhaus-invoice-crash-'));
    const child = spawnSync(
      process.execPath,
      [path.resolve('node_modules/tsx/dist/cli.mjs'), 'tests/fixtures/pay-then-die.ts'],
      {
        env: { ...process.env, ...(directory && { PGLITE_DIR: directory }) },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(child.stdout, child.stderr).toMatch(/allocated INV-\d{4}-\d{6}/);
    expect(child.signal ?? child.status).toSatisfy((end) => end === 'SIGKILL' || end === 137);
    const orderIds = /orders (\S+)/.exec(child.stdout)![1]!.split(',');
    const lost = /allocated (\S+)/.exec(child.stdout)![1]!;

    // The restarted shop, on the same database.
    const { db, close } = restartedDatabase(directory);
    try {
      const before = await db.select().from(invoices).where(inArray(invoices.checkoutId, orderIds));
      expect(before.map((invoice) => invoice.number)).not.toContain(lost);
      const third = orderIds[2]!;
      await db.transaction((tx) =>
        markPaid({ checkoutId: third, transactionId: 'pi_after', by: 'customer', origin: 'x' }, tx),
      );
      const after = await db.select().from(invoices).where(inArray(invoices.checkoutId, orderIds));
      const numbers = after
        .map((invoice) => Number(invoice.number.slice(-6)))
        .sort((a, b) => a - b);
      expect(numbers).toEqual([numbers[0]!, numbers[0]! + 1, numbers[0]! + 2]);
      expect(after.find((invoice) => invoice.checkoutId === third)!.number).toBe(lost);
      console.info(
        `fault test, killed inside a payment: ${lost} taken and rolled back, then issued once`,
      );
    } finally {
      await close();
    }
  }, 90_000);
});
