// Validation throughput of the whole CLI (spawned like CI runs it) over the corpus copied N times,
// and the CLI's cold start (`--version`).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'dist', 'cli', 'index.js');
const corpus = join(root, 'test', 'fixtures', 'corpus', 'awesome-n8n-templates');
const copies = Number(process.env.N8N_LOCK_BENCH_COPIES ?? 4);
const dir = mkdtempSync(join(tmpdir(), 'n8n-lock-bench-validate-'));
for (let i = 0; i < copies; i++) cpSync(corpus, join(dir, `copy-${i}`), { recursive: true });
let files = 0;
const count = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) e.isDirectory() ? count(join(d, e.name)) : e.name.endsWith('.json') && files++; };
count(dir);

// One thread and two threads side by side, in alternation so machine noise hits both alike; the
// outputs must be identical (same findings in the same order). N8N_LOCK_BENCH_BASELINE=<path of
// another build's dist/cli/index.js> adds that build, one thread, to the same alternation (before
// and after a change, in one run).
const baseline = process.env.N8N_LOCK_BENCH_BASELINE;
const outputs = new Map();
const times = { off: [], 2: [], ...(baseline ? { baseline: [] } : {}) };
for (let i = 0; i < 5; i++) {
  for (const concurrency of Object.keys(times)) {
    if (concurrency === 'baseline') {
      const start = performance.now();
      spawnSync(process.execPath, [baseline, 'validate', '--format', 'json', '--concurrency', 'off', '--cwd', dir, '.'], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
      times.baseline.push(performance.now() - start);
      continue;
    }
    const start = performance.now();
    const r = spawnSync(process.execPath, [bin, 'validate', '--format', 'json', '--concurrency', concurrency, '--cwd', dir, '.'], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
    times[concurrency].push(performance.now() - start);
    if (r.status !== 1) throw new Error(`unexpected exit ${r.status}: ${r.stderr}`);
    outputs.set(concurrency, r.stdout);
  }
}
if (outputs.get('off') !== outputs.get('2')) throw new Error('validate --concurrency 2 reported other findings than --concurrency off');
for (const [concurrency, list] of Object.entries(times)) {
  const sorted = [...list].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `validate ${concurrency === 'baseline' ? `baseline ${baseline} (one thread)` : `--concurrency ${concurrency.padEnd(3)}`}: ${files} workflow files (corpus x ${copies}) median ${(median / 1000).toFixed(2)} s, best ${(sorted[0] / 1000).toFixed(2)} s of 5 = ${Math.round(files / (median / 1000))} workflows/s (median) for the whole CLI run`,
  );
}
console.log('validate: --concurrency off and 2 reported identical findings');

const starts = [];
for (let i = 0; i < 10; i++) {
  const start = performance.now();
  spawnSync(process.execPath, [bin, '--version']);
  starts.push(performance.now() - start);
}
starts.sort((a, b) => a - b);
console.log(`CLI cold start (n8n-lock --version): median ${starts[5].toFixed(0)} ms, min ${starts[0].toFixed(0)} ms (node itself: ${(() => { const s = performance.now(); spawnSync(process.execPath, ['-e', '0']); return (performance.now() - s).toFixed(0); })()} ms)`);
rmSync(dir, { recursive: true, force: true });
