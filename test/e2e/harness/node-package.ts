// The community node package (n8n-nodes/) as its publisher ships it: `npm pack` of the built
// package, the tarball that is published to the suite's registry (npm-registry.ts) and installed
// through n8n's own installer (community-package.ts). n8n loads it as a community package, so node
// types carry the package name (n8n-nodes-lock.function), exactly as in a user's exported
// workflows; the N8N_CUSTOM_EXTENSIONS folder would load the same files under a generic CUSTOM.
// prefix instead, which no real install produces.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommand } from './proc.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const NODE_PACKAGE_DIR = join(repoRoot, 'n8n-nodes');

/**
 * Packs the built package into `destDir`; returns the tarball's path. Fails when the package is
 * not built. With `version`: the same build under another version (a copy of what npm would pack,
 * its manifest's version changed), the release an update installs.
 */
export async function packNodePackage(destDir: string, version?: string): Promise<string> {
  const manifest = JSON.parse(readFileSync(join(NODE_PACKAGE_DIR, 'package.json'), 'utf8')) as { name: string; version: string; files: string[]; n8n: { nodes: string[] } };
  const missing = manifest.n8n.nodes.filter((file) => !existsSync(join(NODE_PACKAGE_DIR, file)));
  if (missing.length) throw new Error(`${manifest.name} is not built (missing ${missing.join(', ')}): run npm run build`);
  mkdirSync(destDir, { recursive: true });
  let source = NODE_PACKAGE_DIR;
  if (version) {
    source = join(destDir, `${manifest.name}-${version}`);
    for (const part of [...manifest.files, 'README.md', 'LICENSE']) cpSync(join(NODE_PACKAGE_DIR, part), join(source, part), { recursive: true });
    writeFileSync(join(source, 'package.json'), JSON.stringify({ ...manifest, version }, null, 2));
  }
  // --ignore-scripts: the build is done (prepack would rebuild the original, not the copy).
  const { stdout } = await runCommand('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', destDir], { label: `npm pack ${manifest.name}${version ? `@${version}` : ''}`, cwd: source, timeoutMs: 60_000 });
  const tarball = join(destDir, stdout.trim().split('\n').at(-1)!);
  if (!existsSync(tarball)) throw new Error(`npm pack printed ${JSON.stringify(stdout.trim())} but ${tarball} does not exist`);
  return tarball;
}
