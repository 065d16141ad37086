// The community node package (n8n-nodes/) as a user installs it: `npm pack` of the built package,
// then `npm install <tarball>` into <N8N_USER_FOLDER>/.n8n/nodes before n8n starts. n8n loads it as
// a community package, so node types carry the package name (n8n-nodes-lock.function), exactly as
// in a user's exported workflows; the N8N_CUSTOM_EXTENSIONS folder would load the same files under
// a generic CUSTOM. prefix instead, which no real install produces.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommand } from './proc.js';
import { log, seconds } from './util.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const NODE_PACKAGE_DIR = join(repoRoot, 'n8n-nodes');

/** Packs the built package into `destDir`; returns the tarball's path. Fails when the package is not built. */
export async function packNodePackage(destDir: string): Promise<string> {
  const manifest = JSON.parse(readFileSync(join(NODE_PACKAGE_DIR, 'package.json'), 'utf8')) as { name: string; version: string; n8n: { nodes: string[] } };
  const missing = manifest.n8n.nodes.filter((file) => !existsSync(join(NODE_PACKAGE_DIR, file)));
  if (missing.length) throw new Error(`${manifest.name} is not built (missing ${missing.join(', ')}): run npm run build`);
  mkdirSync(destDir, { recursive: true });
  const { stdout } = await runCommand('npm', ['pack', '--silent', '--pack-destination', destDir], { label: `npm pack ${manifest.name}`, cwd: NODE_PACKAGE_DIR, timeoutMs: 60_000 });
  const tarball = join(destDir, stdout.trim().split('\n').at(-1)!);
  if (!existsSync(tarball)) throw new Error(`npm pack printed ${JSON.stringify(stdout.trim())} but ${tarball} does not exist`);
  return tarball;
}

/**
 * Installs tarballs into the user folder's nodes directory as n8n's own installer would: runtime
 * dependencies only (ioredis), no peers (n8n-workflow comes from n8n itself, which puts its modules
 * on NODE_PATH for community packages), no install scripts.
 */
export async function installNodePackages(userFolder: string, tarballs: string[], logFile?: string): Promise<number> {
  const started = Date.now();
  const nodesDir = join(userFolder, '.n8n', 'nodes');
  mkdirSync(nodesDir, { recursive: true });
  await runCommand('npm', ['install', '--prefix', nodesDir, '--omit=dev', '--omit=peer', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock', ...tarballs], {
    label: 'npm install (community node package)',
    timeoutMs: 180_000,
    logFile,
  });
  const ms = Date.now() - started;
  log(`installed ${tarballs.length} community node package(s) into ${nodesDir} (${seconds(ms)})`);
  return ms;
}
