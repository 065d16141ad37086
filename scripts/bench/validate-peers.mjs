// Validators side by side, in one run, on the DISTINCT files of the vendored corpus (each file
// once, so every Code body is new to a cold run): n8n-lock without a cache, cold (--cache with no
// cache file: analyse everything, then write it) and warm (--cache again: nothing changed), against
// the peers, installed by this script into a temporary folder at pinned versions:
//   n8n-mcp 2.87.0, its WorkflowValidator as its MCP server sets it up (peers/n8n-mcp.mjs), and
//   @replikanti/flowlint-core 0.12.1 with its default rules (peers/flowlint-core.mjs).
// Every way is a whole process, timed from spawn to exit (what CI or a pre-commit hook pays),
// in alternation over five rounds so machine noise hits all alike; medians. n8n-lock's findings
// must be the same bytes all three ways.
//   node scripts/bench/validate-peers.mjs        (after npm run build; part of npm run bench)
// Prints `bench: validator=<name> files=<n> seconds=<s> files_per_s=<r>` per way, then the ratios.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const PEERS = { 'n8n-mcp': '2.87.0', '@replikanti/flowlint-core': '0.12.1' };
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const bin = join(root, 'dist', 'cli', 'index.js');
const dir = mkdtempSync(join(tmpdir(), 'n8n-lock-bench-peers-'));
const workflows = join(dir, 'repo', 'workflows');
cpSync(join(root, 'test', 'fixtures', 'corpus', 'awesome-n8n-templates'), workflows, { recursive: true });
let files = 0;
const count = (d) => readdirSync(d, { withFileTypes: true }).forEach((e) => (e.isDirectory() ? count(join(d, e.name)) : e.name.endsWith('.json') && files++));
count(workflows);
const cacheFile = join(dir, 'repo', '.n8n-lock-cache.json');

const timed = (args, expectStatus) => {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (r.status !== expectStatus) throw new Error(`${args.slice(0, 2).join(' ')}: exit ${r.status}: ${r.stderr.slice(0, 500)}`);
  return { ms, stdout: r.stdout };
};
const n8nLock = (extra) => {
  const r = timed([bin, 'validate', '--format', 'json', '--concurrency', 'off', '--cwd', join(dir, 'repo'), ...extra], 1);
  return { ms: r.ms, findings: r.stdout.replace(/"generated_at":"[^"]*"/, '') };
};

try {
  // The peers, as a user installs them (no install scripts: n8n-mcp then uses its sql.js fallback).
  const peersDir = join(dir, 'peers');
  const install = spawnSync('npm', ['install', '--prefix', peersDir, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', ...Object.entries(PEERS).map(([name, version]) => `${name}@${version}`)], { encoding: 'utf8' });
  const peers = install.status === 0 ? Object.keys(PEERS) : [];
  if (install.status !== 0) console.log(`bench: peers skipped: npm install failed (${install.stderr.trim().split('\n').at(-1)})`);

  const times = { 'n8n-lock-nocache': [], 'n8n-lock-cold': [], 'n8n-lock-warm': [], ...Object.fromEntries(peers.map((p) => [p, []])) };
  const outputs = new Set();
  const details = {};
  for (let round = 0; round < 5; round++) {
    const plain = n8nLock([]);
    rmSync(cacheFile, { force: true });
    const cold = n8nLock(['--cache']);
    const warm = n8nLock(['--cache']);
    times['n8n-lock-nocache'].push(plain.ms);
    times['n8n-lock-cold'].push(cold.ms);
    times['n8n-lock-warm'].push(warm.ms);
    for (const r of [plain, cold, warm]) outputs.add(r.findings);
    for (const peer of peers) {
      const r = timed([join(here, 'peers', `${peer.split('/').pop()}.mjs`), peersDir, workflows], 0);
      times[peer].push(r.ms);
      details[peer] = r.stdout.trim();
    }
  }
  if (outputs.size !== 1) throw new Error('validate --cache reported other findings than without it');
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] / 1000;
  const seconds = Object.fromEntries(Object.entries(times).map(([name, ms]) => [name, median(ms)]));
  for (const [name, s] of Object.entries(seconds)) {
    const label = name.startsWith('n8n-lock') ? name : `${name.split('/').pop()}-${PEERS[name]}`;
    console.log(`bench: validator=${label} files=${files} seconds=${s.toFixed(2)} files_per_s=${Math.round(files / s)}`);
  }
  for (const [peer, detail] of Object.entries(details)) console.log(`bench: ${peer.split('/').pop()} counted ${detail}`);
  const ratios = peers.map((p) => `${p.split('/').pop()}/n8n-lock-cold=${(seconds[p] / seconds['n8n-lock-cold']).toFixed(1)}x`);
  console.log(`bench: ${[...ratios, `warm/cold=${(seconds['n8n-lock-warm'] / seconds['n8n-lock-cold']).toFixed(2)}`].join(' ')}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
