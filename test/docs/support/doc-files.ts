// Which markdown files the doc tests read: the README, every guide under docs/, the node package's
// README (what a user reads), and for links every markdown file of the repository.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../../support/paths.js';

/** The files whose examples are run. */
export function documentedFiles(): string[] {
  return ['README.md', ...markdownUnder('docs'), 'n8n-nodes/README.md'];
}

/** Every markdown file of the repository but vendored ones and installed packages. */
export function allMarkdownFiles(): string[] {
  return markdownUnder('.');
}

/** The markdown files under `dir`, never inside node_modules, .git, a build (dist) or vendored fixtures. */
function markdownUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(join(ROOT, d), { withFileTypes: true })) {
      const path = d === '.' ? entry.name : join(d, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', '.git', 'dist', 'fixtures'].includes(entry.name)) walk(path);
      } else if (entry.name.endsWith('.md')) out.push(relative('.', path));
    }
  };
  walk(dir);
  return out.sort();
}
