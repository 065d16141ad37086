// Run by .github/workflows/publish.yml before anything is published: the release must be
// consistent, because npm never lets a published version be replaced. Checks that the release tag
// is v<version> of all three packages, that the CLI depends on exactly the protocol version being
// published beside it, and that every package.json names the repository the workflow runs in
// (npm's provenance check refuses a package whose repository differs from where it was built:
// better one clear line here than a half-published release).
//   node scripts/release-check.mjs <tag> <owner/repo>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_DIRS = ['protocol', 'n8n-nodes', '.'];

/** Every reason the release must not be published; empty when it may. Pure: manifests in, lines out. */
export function releaseProblems(tag, repository, manifests) {
  const problems = [];
  const protocol = manifests.find((m) => m.name === 'n8n-lock-protocol');
  for (const manifest of manifests) {
    if (tag !== `v${manifest.version}`) problems.push(`${manifest.name}: version ${manifest.version}, but the release tag is ${tag} (expected v${manifest.version})`);
    const url = manifest.repository?.url ?? '';
    if (url.replace(/^git\+/, '').replace(/\.git$/, '') !== `https://github.com/${repository}`) problems.push(`${manifest.name}: repository.url is "${url}", but this workflow runs in github.com/${repository} (npm provenance would refuse it)`);
    if (!manifest.author?.name || !manifest.author?.email) problems.push(`${manifest.name}: author needs a name and an email`);
    const wanted = manifest.dependencies?.['n8n-lock-protocol'];
    if (wanted !== undefined && protocol && wanted !== protocol.version) problems.push(`${manifest.name}: depends on n8n-lock-protocol ${wanted}, but ${protocol.version} is published with it`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [tag, repository] = process.argv.slice(2);
  if (!tag || !repository) {
    console.error('usage: node scripts/release-check.mjs <tag> <owner/repo>');
    process.exit(2);
  }
  const root = join(fileURLToPath(import.meta.url), '..', '..');
  const manifests = PACKAGE_DIRS.map((dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')));
  const problems = releaseProblems(tag, repository, manifests);
  for (const problem of problems) console.error(`release-check: ${problem}`);
  if (problems.length) process.exit(1);
  console.log(`release-check: ${manifests.map((m) => `${m.name}@${m.version}`).join(' ')} may be published from ${repository}`);
}
