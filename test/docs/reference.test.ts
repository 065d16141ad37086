// issue 37: the command and node references are generated from the code (commander's definitions,
// the nodes' descriptions): a renamed flag or parameter makes the committed page stale, and this
// test says so.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceFiles } from '../../scripts/docs/reference-files.js';
import { ROOT } from '../support/paths.js';

describe('the generated reference', async () => {
  const files = await referenceFiles(ROOT);
  it.each(Object.keys(files))('%s is what npm run docs:reference writes', (path) => {
    expect(existsSync(join(ROOT, path)), `${path} is missing: run npm run docs:reference`).toBe(true);
    expect(readFileSync(join(ROOT, path), 'utf8'), `${path} is stale: run npm run docs:reference`).toBe(files[path]);
  });

  it('names every flag of every command and every parameter of every node', () => {
    expect(files['docs/reference/cli.md']).toContain('`--scope-expression <expr>`');
    expect(files['docs/reference/cli.md']).toContain('## n8n-lock functions status');
    expect(files['docs/reference/nodes.md']).toContain('`maxHolders`');
    expect(files['docs/reference/nodes.md']).toContain('## Rate Limit');
  });
});
