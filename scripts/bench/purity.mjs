// code-purity on the vendored corpus: precision of the rule and of the points-to analysis (issue #32),
// and the time each takes on the corpus's distinct JavaScript bodies, in one run, side by side.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const r = spawnSync(process.execPath, [join(root, 'scripts', 'purity-precision.mjs')], { encoding: 'utf8' });
if (r.status !== 0) throw new Error(r.stderr);
process.stdout.write(r.stdout.split('\n').filter((l) => l.startsWith('purity') || l.startsWith('  points-to')).join('\n') + '\n');

// Cold analysis time of every distinct body, each analysis in a fresh process (parse and scope included), three runs each, alternating.
const script = (module, fn) => `
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
const { ${fn} } = await import(${JSON.stringify(join(root, 'dist', 'validate', module))});
const { codeSources } = await import(${JSON.stringify(join(root, 'dist', 'validate', 'node-kinds.js'))});
function* files(d) { for (const n of readdirSync(d)) { const p = join(d, n); if (statSync(p).isDirectory()) yield* files(p); else if (n.endsWith('.json')) yield p; } }
const bodies = new Set();
for (const f of files(${JSON.stringify(join(root, 'test', 'fixtures', 'corpus'))})) { let w; try { w = JSON.parse(readFileSync(f, 'utf8')); } catch { continue; } if (w && Array.isArray(w.nodes)) for (const c of codeSources(w)) if (c.language === 'javascript') bodies.add(c.source); }
const start = performance.now();
for (const b of bodies) { try { ${fn}(b); } catch {} }
console.log(JSON.stringify({ ms: performance.now() - start, bodies: bodies.size }));`;
const times = { 'value-flow (the rule today)': [], 'points-to (src/validate/purity)': [] };
for (let i = 0; i < 3; i++) {
  for (const [name, [module, fn]] of Object.entries({ 'value-flow (the rule today)': ['js-analysis.js', 'analyzeJavaScript'], 'points-to (src/validate/purity)': ['purity/index.js', 'analyzeSource'] })) {
    const start = performance.now();
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script(module, fn)], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    times[name].push({ ...JSON.parse(run.stdout), cold: performance.now() - start });
  }
}
for (const [name, list] of Object.entries(times)) {
  const sorted = list.map((t) => t.ms).sort((a, b) => a - b);
  const cold = list.map((t) => t.cold).sort((a, b) => a - b);
  console.log(`purity analysis ${name}: ${list[0].bodies} bodies median ${sorted[1].toFixed(0)} ms (process with loading: ${cold[1].toFixed(0)} ms) of 3`);
}
