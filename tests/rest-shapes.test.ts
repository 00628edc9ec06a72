// The REST contract's legacy names (`_id`, `min_quantity`) are made in one mapper, lib/db/rest-shapes.ts: no other
// service writes an object with them (types, the validation of request bodies and the UI reading answers aside).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MAPPER = 'lib/db/rest-shapes.ts';
// The OpenAPI document describes those names (its shapes are type-checked against the same DTOs); it writes none.
const SHAPES = 'lib/openapi/shapes.ts';
const LEGACY_VALUE = /\b(_id|min_quantity):\s+(?!string\b|number\b|boolean\b)[\w.(]/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the REST contract’s legacy shapes', () => {
  it('are written only by their mapper', () => {
    const writers = sourceFiles('lib')
      .filter((file) => file !== MAPPER && !file.startsWith('lib/validation/') && file !== SHAPES)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => LEGACY_VALUE.test(line))
          .map((line) => `${file}: ${line.trim()}`),
      );
    expect(writers).toEqual([]);
  });

  it('are written by the mapper', () => {
    const mapper = readFileSync(MAPPER, 'utf8');
    expect(mapper).toMatch(/_id: order\.id/);
    expect(mapper).toMatch(/min_quantity: tool\.minQuantity/);
  });
});
