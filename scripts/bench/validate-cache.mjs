// `validate --cache`: the whole CLI (spawned as CI and pre-commit run it) over the DISTINCT files of
// the vendored corpus, once each (no repeated copies, so every Code body is new to a cold run):
// without the cache, cold (no cache file: analyse everything, then write it) and warm (every
// analysis read back), in alternation so machine noise hits all three alike; five rounds, medians.
// The findings must be the same bytes all three ways.
//   node scripts/bench/validate-cache.mjs        (after npm run build; part of npm run bench)
// Prints `bench: validator=<name> files=<n> seconds=<s> files_per_s=<r>` per way.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'dist', 'cli', 'index.js');
const dir = mkdtempSync(join(tmpdir(), 'n8n-lock-bench-cache-'));
cpSync(join(root, 'test', 'fixtures', 'corpus', 'awesome-n8n-templates'), join(dir, 'workflows'), { recursive: true });
let files = 0;
const count = (d) => {
  for (const e of readdirSync(d, { withFileTypes: true })) e.isDirectory() ? count(join(d, e.name)) : e.name.endsWith('.json') && files++;
};
count(join(dir, 'workflows'));
const cacheFile = join(dir, '.n8n-lock-cache.json');

const run = (args) => {
  const start = performance.now();
  const r = spawnSync(process.execPath, [bin, 'validate', '--format', 'json', '--concurrency', 'off', '--cwd', dir, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 1) throw new Error(`unexpected exit ${r.status}: ${r.stderr}`);
  return { ms: performance.now() - start, stdout: r.stdout.replace(/"generated_at":"[^"]*"/, '') };
};
const times = { 'n8n-lock-nocache': [], 'n8n-lock-cold': [], 'n8n-lock-warm': [] };
const outputs = new Set();
try {
  for (let i = 0; i < 5; i++) {
    const plain = run([]);
    rmSync(cacheFile, { force: true });
    const cold = run(['--cache']);
    const warm = run(['--cache']);
    times['n8n-lock-nocache'].push(plain.ms);
    times['n8n-lock-cold'].push(cold.ms);
    times['n8n-lock-warm'].push(warm.ms);
    for (const r of [plain, cold, warm]) outputs.add(r.stdout);
  }
  if (outputs.size !== 1) throw new Error('validate --cache reported other findings than without it');
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [name, ms] of Object.entries(times)) {
    const seconds = median(ms) / 1000;
    console.log(`bench: validator=${name} files=${files} seconds=${seconds.toFixed(2)} files_per_s=${Math.round(files / seconds)}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
