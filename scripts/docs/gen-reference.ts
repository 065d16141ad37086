// `npm run docs:reference`: writes docs/reference/cli.md and docs/reference/nodes.md from the code
// (test/docs/reference.test.ts fails when the committed pages differ from what this writes).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { referenceFiles } from './reference-files.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
for (const [path, text] of Object.entries(await referenceFiles(root))) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  console.log(`wrote ${path}`);
}
