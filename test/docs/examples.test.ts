// issue 37: every example in the README, the guides and the node package's README is executed
// (test/docs/support/doc-runner.ts says how a block is marked and run). A renamed flag breaks this
// test, not the reader. Prints `docs: blocks=<n> run=<r> skipped_with_reason=<s> failed=<f>`.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';
import { runDocExamples, type BlockOutcome } from './support/doc-runner.js';
import { documentedFiles } from './support/doc-files.js';

const all: BlockOutcome[] = [];

describe('the documentation examples', () => {
  it.each(documentedFiles())('%s: every example runs as shown', async (file) => {
    const outcomes = await runDocExamples(file, readFileSync(`${ROOT}/${file}`, 'utf8'));
    all.push(...outcomes);
    const failed = outcomes.filter((o) => o.outcome === 'failed').map((o) => `${o.where}: ${o.detail}`);
    expect(failed, failed.join('\n\n')).toEqual([]);
  }, 300_000);

  afterAll(() => {
    const count = (o: BlockOutcome['outcome']) => all.filter((b) => b.outcome === o).length;
    console.log(`docs: blocks=${all.length} run=${count('run')} skipped_with_reason=${count('skipped')} failed=${count('failed')}`);
  });
});
