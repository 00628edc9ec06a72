// @ts-check
// Part of `npm run lint`: fails on a reference to a document that is not in the repository. The product's reasons
// live in docs/ (PRODUCT.md, ARCHITECTURE.md, DECISIONS.md, …); a comment that cites a paper kept elsewhere (the
// original specification or design notes, a sibling folder) leaves the next reader without the reason.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What points outside the repository, and what to write instead. */
const OUTSIDE = [
  {
    pattern: /\b(?:SPEC|DESIGN)\b(?![_-])/g,
    hint: 'cite docs/PRODUCT.md or docs/ARCHITECTURE.md (and the section), or say the reason itself',
  },
  {
    pattern: /\.\.\/shared\//g,
    hint: 'a folder beside the repository: cite a file of the repository',
  },
];
/** A document of the repository named by path: it must exist. */
const DOC_PATH = /\bdocs\/[\w.-]+\.md\b/g;

/** This file and its test name what they refuse. */
const EXEMPT = new Set(['scripts/check-doc-references.mjs', 'tests/doc-references.test.ts']);
const TEXT =
  /\.(?:[cm]?[jt]sx?|json|md|css|ya?ml|sh|template|example|txt)$|^\.ci\/run$|^\.[\w-]+rc$/;
const SKIP = /^(?:package-lock\.json|bench\/results\/)/;

/**
 * The references to documents missing from the repository in one file's text.
 * @param {string} text
 * @param {(docPath: string) => boolean} docExists whether `docs/….md` is in the repository
 * @returns {{ line: number; reference: string; hint: string }[]}
 */
export function foreignReferences(text, docExists) {
  /** @type {{ line: number; reference: string; hint: string }[]} */
  const found = [];
  text.split('\n').forEach((content, index) => {
    for (const { pattern, hint } of OUTSIDE)
      for (const match of content.matchAll(pattern))
        found.push({ line: index + 1, reference: match[0], hint });
    for (const match of content.matchAll(DOC_PATH))
      if (!docExists(match[0]))
        found.push({ line: index + 1, reference: match[0], hint: 'no such document in docs/' });
  });
  return found;
}

/**
 * Every file of the repository (tracked or new, not ignored) that holds text.
 * @param {string} root
 */
function repositoryFiles(root) {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return [...new Set(listed.split('\0'))].filter(
    (file) => file && TEXT.test(file) && !SKIP.test(file) && !EXEMPT.has(file),
  );
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const docExists = (/** @type {string} */ docPath) => existsSync(path.join(root, docPath));
  let count = 0;
  for (const file of repositoryFiles(root)) {
    if (!existsSync(path.join(root, file))) continue;
    for (const { line, reference, hint } of foreignReferences(
      readFileSync(path.join(root, file), 'utf8'),
      docExists,
    )) {
      console.error(`${file}:${line}: "${reference}" is not in the repository: ${hint}`);
      count += 1;
    }
  }
  if (count > 0) {
    console.error(`${count} reference(s) to documents outside the repository`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
