// issue 37: every relative link and anchor of every markdown file resolves (GitHub's anchors), so a
// moved section or a renamed file breaks this test, not a reader's click.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';
import { allMarkdownFiles } from './support/doc-files.js';
import { headingAnchors, isExternal, links } from './support/markdown.js';

const anchorsOf = new Map<string, Set<string>>();
function anchors(file: string): Set<string> {
  if (!anchorsOf.has(file)) anchorsOf.set(file, headingAnchors(readFileSync(join(ROOT, file), 'utf8')));
  return anchorsOf.get(file)!;
}

/** What is wrong with one link of `file`, or undefined when it resolves. */
function brokenLink(file: string, target: string): string | undefined {
  const [path, anchor] = target.split('#', 2) as [string, string | undefined];
  const resolved = path === '' ? file : normalize(join(dirname(file), decodeURIComponent(path)));
  if (resolved.startsWith('..')) return 'leaves the repository';
  if (!existsSync(join(ROOT, resolved))) return `${resolved} does not exist`;
  if (anchor === undefined) return undefined;
  if (statSync(join(ROOT, resolved)).isDirectory() || !resolved.endsWith('.md')) return `an anchor into ${resolved}, which is not a markdown file`;
  return anchors(resolved).has(anchor) ? undefined : `${resolved} has no heading #${anchor}`;
}

describe('links in the markdown files', () => {
  it.each(allMarkdownFiles())('%s: every relative link and anchor resolves', (file) => {
    const broken = links(readFileSync(join(ROOT, file), 'utf8'))
      .filter((link) => !isExternal(link.target))
      .map((link) => ({ link, why: brokenLink(file, link.target) }))
      .filter((b) => b.why)
      .map((b) => `${file}:${b.link.line}: (${b.link.target}) ${b.why}`);
    expect(broken, broken.join('\n')).toEqual([]);
  });

  it('the node package README has no relative link: it stands alone on npm', () => {
    const relative = links(readFileSync(join(ROOT, 'n8n-nodes/README.md'), 'utf8')).filter((l) => !isExternal(l.target) && !l.target.startsWith('#'));
    expect(relative).toEqual([]);
  });
});
