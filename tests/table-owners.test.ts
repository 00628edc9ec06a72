// docs/ARCHITECTURE.md, "Who writes each table", checked against the code: every write in lib/ (a Drizzle insert,
// update or delete, or SQL INSERT INTO, UPDATE, DELETE FROM) is by the table's owner or by a file named there.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '@/lib/db/schema';

const SEEDS = /^lib\/db\/seed[^/]*\.ts$/;

interface Owner {
  owner: string;
  also: string[];
}

function ownersFromDoc(): Map<string, Owner> {
  const doc = readFileSync('docs/ARCHITECTURE.md', 'utf8');
  const section = doc.slice(doc.indexOf('## Who writes each table'));
  const owners = new Map<string, Owner>();
  for (const line of section.split('\n')) {
    const cells = /^\| `(\w+)`\s*\| `([^`]+)`\s*\|(.*)\|$/.exec(line);
    if (!cells) continue;
    const also = [...cells[3]!.matchAll(/`(lib\/[^`]+)`/g)].map((match) => match[1]!);
    owners.set(cells[1]!, { owner: cells[2]!, also });
  }
  return owners;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The schema's tables by their SQL name, so that SQL written by hand maps to the same names as Drizzle's calls. */
const tableBySqlName = new Map<string, string>(
  Object.entries(schema).flatMap(([name, value]) =>
    isTable(value) ? [[getTableName(value), name] as const] : [],
  ),
);

function writesIn(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const drizzle = [...text.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)].map((m) => m[1]!);
  const templated = [...text.matchAll(/(?:INSERT INTO|UPDATE|DELETE FROM) \$\{(\w+)\}/g)].map(
    (m) => m[1]!,
  );
  const plain = [...text.matchAll(/(?:INSERT INTO|UPDATE|DELETE FROM) "?([a-z_]+)"?[\s(]/g)]
    .map((m) => tableBySqlName.get(m[1]!))
    .filter((name): name is string => name !== undefined);
  return [...drizzle, ...templated, ...plain].filter((name) => name in schema);
}

describe('who writes each table', () => {
  const owners = ownersFromDoc();
  const writes = sourceFiles('lib')
    .filter((file) => !SEEDS.test(file))
    .flatMap((file) => writesIn(file).map((table) => ({ file, table })));

  it('names an owner for every table the code writes', () => {
    const unnamed = [...new Set(writes.map((write) => write.table))].filter(
      (table) => !owners.has(table),
    );
    expect(unnamed).toEqual([]);
  });

  it('has every write done by the owner or by a file named with its reason', () => {
    const strangers = writes.filter(({ file, table }) => {
      const { owner, also } = owners.get(table) ?? { owner: '', also: [] };
      const byOwner = owner.endsWith('/') ? file.startsWith(owner) : file === owner;
      return !byOwner && !also.includes(file);
    });
    expect(strangers.map(({ file, table }) => `${file} writes ${table}`)).toEqual([]);
  });

  it('keeps the order document in one place: placing, paying, cancelling and shipping', () => {
    const orderTables = ['checkouts', 'orders', 'orderEvents', 'payments', 'shipments'];
    for (const table of orderTables)
      expect(owners.get(table)).toEqual({ owner: 'lib/orders/', also: [] });
  });
});
