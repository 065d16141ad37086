// code-purity: precision of the rule and of the points-to analysis (issue #32), and the time each takes
// on every distinct JavaScript body, side by side in one run, on two corpora: the vendored one
// (test/fixtures/corpus), and the 2,352 n8n.io templates n8n-mcp ships in its database, written out
// by this script from an install of n8n-mcp into a temporary folder (never vendored; skipped with a
// line saying so when npm cannot install it).
//   node scripts/bench/purity.mjs        (after npm run build; part of npm run bench)
// Prints the precision lines of scripts/purity-precision.mjs for each corpus, then per corpus and
// analysis `purity-time: corpus=<name> bodies=<n> analysis=<value-flow|points-to> median_ms=<m>
// min_ms=<m> runs=<r>` and `purity-time: corpus=<name> points-to/value-flow=<ratio>`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { N8N_MCP_VERSION, writeTemplates } from './peers/n8n-mcp-templates.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function precision(corpus) {
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'purity-precision.mjs'), '--corpus', corpus], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(r.stderr);
  process.stdout.write(r.stdout.split('\n').filter((l) => l.startsWith('purity') || l.startsWith('  points-to reaches')).join('\n') + '\n');
}

// Cold analysis time of every distinct body, each analysis in a fresh process (parse and scope included), in alternation.
// Each with the V8 flags validate sets (src/validate/v8-flags.ts), set as validate sets them: it times what validate runs.
const script = (corpus, module, fn) => `
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
(await import(${JSON.stringify(join(root, 'dist', 'validate', 'v8-flags.js'))})).useValidateV8Flags();
const { ${fn} } = await import(${JSON.stringify(join(root, 'dist', 'validate', module))});
const { codeSources } = await import(${JSON.stringify(join(root, 'dist', 'validate', 'node-kinds.js'))});
function* files(d) { for (const n of readdirSync(d)) { const p = join(d, n); if (statSync(p).isDirectory()) yield* files(p); else if (n.endsWith('.json')) yield p; } }
const bodies = new Set();
for (const f of files(${JSON.stringify(corpus)})) { let w; try { w = JSON.parse(readFileSync(f, 'utf8')); } catch { continue; } if (w && Array.isArray(w.nodes)) for (const c of codeSources(w)) if (c.language === 'javascript') bodies.add(c.source); }
const start = performance.now();
for (const b of bodies) { try { ${fn}(b); } catch {} }
console.log(JSON.stringify({ ms: performance.now() - start, bodies: bodies.size }));`;

const ANALYSES = { 'value-flow': ['js-analysis.js', 'analyzeJavaScript'], 'points-to': ['purity/index.js', 'analyzeSource'] };

function times(name, corpus, runs) {
  const ms = { 'value-flow': [], 'points-to': [] };
  let bodies = 0;
  for (let i = 0; i < runs; i++) {
    for (const [analysis, [module, fn]] of Object.entries(ANALYSES)) {
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script(corpus, module, fn)], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(run.stderr);
      const { ms: took, bodies: n } = JSON.parse(run.stdout);
      ms[analysis].push(took);
      bodies = n;
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [analysis, list] of Object.entries(ms)) {
    console.log(`purity-time: corpus=${name} bodies=${bodies} analysis=${analysis} median_ms=${median(list).toFixed(0)} min_ms=${Math.min(...list).toFixed(0)} runs=${runs}`);
  }
  console.log(`purity-time: corpus=${name} points-to/value-flow=${(median(ms['points-to']) / median(ms['value-flow'])).toFixed(2)}`);
}

const vendored = join(root, 'test', 'fixtures', 'corpus');
precision(vendored);
times('vendored', vendored, 5);

const dir = mkdtempSync(join(tmpdir(), 'n8n-lock-bench-purity-'));
try {
  const install = spawnSync('npm', ['install', '--prefix', dir, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `n8n-mcp@${N8N_MCP_VERSION}`], { encoding: 'utf8' });
  if (install.status !== 0) console.log(`purity-time: corpus=n8n-mcp-templates skipped: npm install failed (${install.stderr.trim().split('\n').at(-1)})`);
  else {
    const workflows = join(dir, 'workflows');
    mkdirSync(workflows);
    await writeTemplates(dir, workflows);
    precision(workflows);
    times('n8n-mcp-templates', workflows, 3);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
