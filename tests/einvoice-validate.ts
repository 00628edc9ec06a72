// Runs an e-invoice through the official EN 16931 rules (einvoice/validate in the shared folder beside the
// repository, here and in CI: the CEN/TC 434 XSLT with Saxon-HE, and the CII D16B schema) and answers its exit code
// and report. EINVOICE_VALIDATOR names another copy.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const VALIDATOR =
  process.env.EINVOICE_VALIDATOR ??
  path.resolve(import.meta.dirname, '..', '..', 'shared', 'einvoice', 'validate');

export function validateEInvoice(xml: string): { status: number; report: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-'));
  try {
    const file = path.join(dir, 'invoice.xml');
    writeFileSync(file, xml);
    const run = spawnSync(VALIDATOR, [file], { encoding: 'utf8', timeout: 120_000 });
    return { status: run.status ?? -1, report: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
