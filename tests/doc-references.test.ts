import { describe, expect, it } from 'vitest';
import { foreignReferences } from '../scripts/check-doc-references.mjs';

const inRepository = (docPath: string) =>
  ['docs/PRODUCT.md', 'docs/ARCHITECTURE.md'].includes(docPath);
const references = (text: string) =>
  foreignReferences(text, inRepository).map(({ line, reference }) => `${line}:${reference}`);

describe('the lint check for documents outside the repository', () => {
  it.each([
    ['// messages are SPEC §5’s, verbatim', ['1:SPEC']],
    ['// the topology of DESIGN §12', ['1:DESIGN']],
    ['/** as SPEC.md says */', ['1:SPEC']],
    ['The product is specified in `DESIGN.md`', ['1:DESIGN']],
    ["// SPEC's Login card", ['1:SPEC']],
    ['see ../shared/SPEC.md', ['1:SPEC', '1:../shared/']],
    ['ok\n// (docs/MISSING.md, Orders)', ['2:docs/MISSING.md']],
  ])('refuses %j', (text, expected) => {
    expect(references(text)).toEqual(expected);
  });

  it.each([
    '// Messages are docs/PRODUCT.md’s (Validation), verbatim.',
    '// The topology (docs/ARCHITECTURE.md, Production topology).',
    'INCLUDING ANY GENERAL, SPECIAL, INDIRECT DAMAGES',
    'process.env.DESIGN_MODE and SPEC_VERSION',
    'a spec file: e2e/order.spec.ts',
  ])('lets %j through', (text) => {
    expect(references(text)).toEqual([]);
  });
});
