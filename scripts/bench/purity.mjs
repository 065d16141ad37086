// code-purity: precision of the rule (the points-to analysis of issue #32) on two corpora, and the time a
// cold validate takes with it against one with the value-flow rule it replaced, side by side in one run:
// the vendored corpus (test/fixtures/corpus), and the 2,352 n8n.io templates n8n-mcp ships in its
// database, written out by this script from an install of n8n-mcp into a temporary folder (never
// vendored; skipped with a line saying so when npm cannot install it). The value-flow rule is built
// from git (VALUE_FLOW_COMMIT, the last commit that shipped it) into a temporary worktree that borrows
// this checkout's node_modules; without the history (a shallow clone) that side is skipped with a line.
//   node scripts/bench/purity.mjs        (after npm run build; part of npm run bench)
// Prints the precision lines of scripts/purity-precision.mjs for each corpus, then per corpus and rule
// `validate-time: corpus=<name> files=<n> rule=<points-to|value-flow> median_ms=<m> min_ms=<m> runs=<r>`
// and `validate-time: corpus=<name> points-to/value-flow=<ratio>`: `n8n-lock validate --concurrency off`
// over the corpus, a fresh process each, the two in alternation, without --cache.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { N8N_MCP_VERSION, writeTemplates } from './peers/n8n-mcp-templates.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function precision(corpus) {
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'purity-precision.mjs'), '--corpus', corpus], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(r.stderr);
  process.stdout.write(r.stdout.split('\n').filter((l) => l.startsWith('purity') || l.startsWith('  cannot_prove ') || l.startsWith('  reaches kind')).join('\n') + '\n');
}

/** The last commit whose code-purity rule ran the value-flow analysis (src/validate/js-value-flow.ts). */
const VALUE_FLOW_COMMIT = 'd92b5e9';

/** The value-flow rule's CLI, built from git into `dir`; undefined (with a line saying why) when it cannot be. */
function buildValueFlow(dir) {
  const git = (...args) => spawnSync('git', ['-C', root, ...args], { encoding: 'utf8' });
  if (git('cat-file', '-e', `${VALUE_FLOW_COMMIT}^{commit}`).status !== 0) {
    console.log(`validate-time: rule=value-flow skipped: commit ${VALUE_FLOW_COMMIT} is not in this clone's history`);
    return undefined;
  }
  const worktree = join(dir, 'value-flow');
  const added = git('worktree', 'add', '--detach', worktree, VALUE_FLOW_COMMIT);
  if (added.status !== 0) throw new Error(added.stderr);
  symlinkSync(join(root, 'node_modules'), join(worktree, 'node_modules'));
  const built = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(worktree, 'tsconfig.json')], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(built.stdout + built.stderr);
  return join(worktree, 'dist', 'cli', 'index.js');
}

function removeWorktree(dir) {
  if (existsSync(join(dir, 'value-flow'))) spawnSync('git', ['-C', root, 'worktree', 'remove', '--force', join(dir, 'value-flow')]);
}

/** Cold `validate` of every workflow of `corpus` with each CLI, in alternation; exit 1 (findings) is a run like any. */
function times(name, corpus, runs, clis) {
  const ms = Object.fromEntries(Object.keys(clis).map((rule) => [rule, []]));
  for (let i = 0; i < runs; i++) {
    for (const [rule, cli] of Object.entries(clis)) {
      const started = performance.now();
      const run = spawnSync(process.execPath, [cli, 'validate', '--concurrency', 'off', '--format', 'json', corpus], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      const took = performance.now() - started;
      if (run.status !== 0 && run.status !== 1) throw new Error(`${rule}: validate exited ${run.status}: ${run.stderr}`);
      ms[rule].push(took);
    }
  }
  const files = readdirSync(corpus, { recursive: true }).filter((f) => String(f).endsWith('.json')).length;
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [rule, list] of Object.entries(ms)) {
    console.log(`validate-time: corpus=${name} files=${files} rule=${rule} median_ms=${median(list).toFixed(0)} min_ms=${Math.min(...list).toFixed(0)} runs=${runs}`);
  }
  if (ms['value-flow']) console.log(`validate-time: corpus=${name} points-to/value-flow=${(median(ms['points-to']) / median(ms['value-flow'])).toFixed(2)}`);
}

const dir = mkdtempSync(join(tmpdir(), 'n8n-lock-bench-purity-'));
try {
  const clis = { 'points-to': join(root, 'dist', 'cli', 'index.js') };
  const valueFlow = buildValueFlow(dir);
  if (valueFlow) clis['value-flow'] = valueFlow;
  const vendored = join(root, 'test', 'fixtures', 'corpus');
  precision(vendored);
  times('vendored', vendored, 5, clis);
  const install = spawnSync('npm', ['install', '--prefix', dir, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `n8n-mcp@${N8N_MCP_VERSION}`], { encoding: 'utf8' });
  if (install.status !== 0) console.log(`validate-time: corpus=n8n-mcp-templates skipped: npm install failed (${install.stderr.trim().split('\n').at(-1)})`);
  else {
    const workflows = join(dir, 'workflows');
    mkdirSync(workflows);
    await writeTemplates(dir, workflows);
    precision(workflows);
    times('n8n-mcp-templates', workflows, 3, clis);
  }
} finally {
  removeWorktree(dir);
  rmSync(dir, { recursive: true, force: true });
}
