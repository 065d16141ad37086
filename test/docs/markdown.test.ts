// The doc tests' reader (test/docs/support/markdown.ts) on small pages: a test that reads nothing
// would pass every page, so each part is shown to find what it must.
import { describe, expect, it } from 'vitest';
import { blockMarks, consoleSteps, fencedBlocks, headingAnchors, links, outputMatches } from './support/markdown.js';
import { runDocExamples } from './support/doc-runner.js';

describe('the markdown reader of the doc tests', () => {
  it('finds fenced blocks with their line, language and marks, inside list items too', () => {
    const page = ['# T', '', '1. Step:', '', '   ```yaml file=envs/dev.yml', '   name: dev', '   ```', '', '```sh skip: needs a live n8n', 'n8n-lock deploy', '```'].join('\n');
    const blocks = fencedBlocks(page);
    expect(blocks.map((b) => [b.line, b.lang, b.body])).toEqual([
      [5, 'yaml', 'name: dev\n'],
      [9, 'sh', 'n8n-lock deploy\n'],
    ]);
    expect(blockMarks(blocks[0].info)).toMatchObject({ file: 'envs/dev.yml', runnable: false });
    expect(blockMarks(blocks[1].info)).toMatchObject({ skip: 'needs a live n8n', runnable: false });
    expect(blockMarks('runnable redis exit=1')).toMatchObject({ runnable: true, redis: true, exit: 1 });
  });

  it("makes GitHub's anchors: markup dropped, punctuation dropped, repeats numbered, headings in code ignored", () => {
    const anchors = headingAnchors(['## Two engines: the `stock` primitives', '## Limits', '## Limits', '```yaml', '# .github/workflows/n8n.yml', '```'].join('\n'));
    expect([...anchors]).toEqual(['two-engines-the-stock-primitives', 'limits', 'limits-1']);
  });

  it('finds links in prose, not in code spans or blocks', () => {
    const found = links(['See [a](docs/a.md#x) and `[b](c.md)`.', '```', '[d](e.md)', '```', '[f](https://x.y)'].join('\n'));
    expect(found.map((l) => `${l.line}:${l.target}`)).toEqual(['1:docs/a.md#x', '5:https://x.y']);
  });

  it('compares printed output with what the doc shows, ... matching any text or lines', () => {
    expect(outputMatches(['Redis redis://h/0 at ...', '...', 'done'], ['Redis redis://h/0 at 2026', 'a', 'b', 'done', ''])).toBe(true);
    expect(outputMatches(['done'], ['not done'])).toBe(false);
    expect(consoleSteps('$ a\nout\n$ echo $?\n1\n')).toEqual([{ command: 'a', expected: ['out'] }, { command: 'echo $?', expected: ['1'] }]);
  });

  it('fails an unmarked command block, a wrong exit code, a wrong output and a snippet that does not parse, naming the line', async () => {
    const page = [
      '```sh', 'true', '```',
      '```sh runnable', 'n8n-lock validate --no-such-flag', '```',
      '```console runnable', '$ n8n-lock --version', '9.9.9', '```',
      '```yaml', 'a: [', '```',
      '```sh runnable', 'n8n-lock --version', '```',
    ].join('\n');
    const outcomes = await runDocExamples('page.md', page);
    expect(outcomes.map((o) => `${o.where} ${o.outcome}`)).toEqual(['page.md:1 failed', 'page.md:4 failed', 'page.md:7 failed', 'page.md:11 failed', 'page.md:14 run']);
    expect(outcomes[1].detail).toMatch(/exit 2 \(the doc expects 0\).*unknown option '--no-such-flag'/);
  });
});
