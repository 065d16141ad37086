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
const copies = 10;
const dir = mkdtempSync(join(tmpdir(), 'n8n-lock-bench-validate-'));
for (let i = 0; i < copies; i++) cpSync(corpus, join(dir, `copy-${i}`), { recursive: true });
let files = 0;
const count = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) e.isDirectory() ? count(join(d, e.name)) : e.name.endsWith('.json') && files++; };
count(dir);

const runs = [];
for (let i = 0; i < 3; i++) {
  const start = performance.now();
  const r = spawnSync(process.execPath, [bin, 'validate', '--format', 'json', '--cwd', dir, '.'], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  runs.push(performance.now() - start);
  if (r.status !== 1) throw new Error(`unexpected exit ${r.status}: ${r.stderr}`);
}
const best = Math.min(...runs);
console.log(`validate: ${files} workflow files (corpus x ${copies}) in ${(best / 1000).toFixed(2)} s (best of 3) = ${Math.round(files / (best / 1000))} workflows/s for the whole CLI run`);

const starts = [];
for (let i = 0; i < 10; i++) {
  const start = performance.now();
  spawnSync(process.execPath, [bin, '--version']);
  starts.push(performance.now() - start);
}
starts.sort((a, b) => a - b);
console.log(`CLI cold start (n8n-lock --version): median ${starts[5].toFixed(0)} ms, min ${starts[0].toFixed(0)} ms (node itself: ${(() => { const s = performance.now(); spawnSync(process.execPath, ['-e', '0']); return (performance.now() - s).toFixed(0); })()} ms)`);
rmSync(dir, { recursive: true, force: true });
