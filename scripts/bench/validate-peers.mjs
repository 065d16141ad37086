// Validators side by side, in one run, on DISTINCT real workflows (each file once, so every Code
// body is new to a cold run), on two corpora:
//   - vendored: the 348 files of test/fixtures/corpus (awesome-n8n-templates);
//   - n8n-mcp-templates: the n8n.io templates n8n-mcp 2.87.0 ships in its own database (2,352
//     workflows), written out by this script from the installed package, never vendored here.
// n8n-lock without a cache, cold (--cache with no cache file: analyse everything, then write it)
// and warm (--cache again: nothing changed), and without a cache with its two Code rules off (no
// JavaScript parsed: the scope of a peer that analyses none), against the peers, installed by this
// script into a temporary folder at pinned versions:
//   n8n-mcp 2.87.0, its WorkflowValidator as its MCP server sets it up (peers/n8n-mcp.mjs), and
//   @replikanti/flowlint-core 0.12.1 with its default rules (peers/flowlint-core.mjs).
// Every way is a whole process, timed from spawn to exit (what CI or a pre-commit hook pays),
// in alternation over rounds (5 on the vendored corpus, 3 on the templates, where one n8n-mcp run
// takes a minute), each round starting with another way, so machine noise hits all alike;
// medians. n8n-lock's findings must be the same bytes all three ways.
//   node scripts/bench/validate-peers.mjs        (after npm run build; part of npm run bench)
// Prints `bench: corpus=<name> files=<n>`, then `bench: validator=<name> files=<n> seconds=<s>
// files_per_s=<r>` per way, then the ratios, for each corpus.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { N8N_MCP_VERSION, writeTemplates } from './peers/n8n-mcp-templates.mjs';

const PEERS = { 'n8n-mcp': N8N_MCP_VERSION, '@replikanti/flowlint-core': '0.12.1' };
/** The rules that parse and analyse Code-node JavaScript; every other rule reads the workflow JSON only. */
const CODE_RULES = ['code-purity', 'code-nondeterminism'];
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const bin = join(root, 'dist', 'cli', 'index.js');
const dir = mkdtempSync(join(tmpdir(), 'n8n-lock-bench-peers-'));
const countJson = (d) => readdirSync(d, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? countJson(join(d, e.name)) : e.name.endsWith('.json') ? 1 : 0), 0);

/**
 * A repository of its own per corpus (n8n-lock's cache file lives in it), and a second one whose
 * config turns the Code rules off, which validates the first one's workflows folder.
 */
function corpusRepo(name) {
  const workflows = join(dir, name, 'workflows');
  mkdirSync(workflows, { recursive: true });
  const withoutCodeRules = join(dir, `${name}-without-code-rules`);
  mkdirSync(withoutCodeRules);
  writeFileSync(join(withoutCodeRules, 'n8n-lock.config.json'), JSON.stringify({ rules: Object.fromEntries(CODE_RULES.map((id) => [id, 'off'])) }));
  return { name, repo: join(dir, name), workflows, withoutCodeRules };
}

const timed = (args, expectStatus) => {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (r.status !== expectStatus) throw new Error(`${args.slice(0, 2).join(' ')}: exit ${r.status}: ${r.stderr.slice(0, 500)}`);
  return { ms, stdout: r.stdout };
};
const n8nLock = (repo, extra) => {
  const r = timed([bin, 'validate', '--format', 'json', '--concurrency', 'off', '--cwd', repo, ...extra], 1);
  return { ms: r.ms, findings: r.stdout.replace(/"generated_at":"[^"]*"/, '') };
};

/** Every way on one corpus, in alternation; prints its lines. */
function benchCorpus({ name, repo, workflows, withoutCodeRules }, peers, peersDir, rounds) {
  const files = countJson(workflows);
  console.log(`bench: corpus=${name} files=${files}`);
  const cacheFile = join(repo, '.n8n-lock-cache.json');
  const times = { 'n8n-lock-nocache': [], 'n8n-lock-cold': [], 'n8n-lock-warm': [], 'n8n-lock-without-code-rules': [], ...Object.fromEntries(peers.map((p) => [p, []])) };
  const outputs = new Set();
  const details = {};
  // The ways of one round; cold and warm stay a pair (warm reads what cold wrote).
  const ways = [
    () => {
      const plain = n8nLock(repo, []);
      times['n8n-lock-nocache'].push(plain.ms);
      outputs.add(plain.findings);
    },
    () => {
      rmSync(cacheFile, { force: true });
      const cold = n8nLock(repo, ['--cache']);
      const warm = n8nLock(repo, ['--cache']);
      times['n8n-lock-cold'].push(cold.ms);
      times['n8n-lock-warm'].push(warm.ms);
      outputs.add(cold.findings).add(warm.findings);
    },
    () => times['n8n-lock-without-code-rules'].push(n8nLock(withoutCodeRules, [workflows]).ms),
    ...peers.map((peer) => () => {
      const r = timed([join(here, 'peers', `${peer.split('/').pop()}.mjs`), peersDir, workflows], 0);
      times[peer].push(r.ms);
      details[peer] = r.stdout.trim();
    }),
  ];
  // Each round starts with another way: what runs right after a heavy process (n8n-mcp holds a
  // 66 MB database in memory) is not always the same one.
  for (let round = 0; round < rounds; round++) for (let i = 0; i < ways.length; i++) ways[(round + i) % ways.length]();
  if (outputs.size !== 1) throw new Error(`${name}: validate --cache reported other findings than without it`);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] / 1000;
  const seconds = Object.fromEntries(Object.entries(times).map(([way, ms]) => [way, median(ms)]));
  for (const [way, s] of Object.entries(seconds)) {
    const label = way.startsWith('n8n-lock') ? way : `${way.split('/').pop()}-${PEERS[way]}`;
    console.log(`bench: validator=${label} files=${files} seconds=${s.toFixed(2)} files_per_s=${Math.round(files / s)}`);
  }
  for (const [peer, detail] of Object.entries(details)) console.log(`bench: ${peer.split('/').pop()} counted ${detail}`);
  const ratios = peers.flatMap((p) => ['n8n-lock-cold', 'n8n-lock-without-code-rules'].map((way) => `${p.split('/').pop()}/${way}=${(seconds[p] / seconds[way]).toFixed(1)}x`));
  console.log(`bench: ${[...ratios, `warm/cold=${(seconds['n8n-lock-warm'] / seconds['n8n-lock-cold']).toFixed(2)}`].join(' ')}`);
}

try {
  // The peers, as a user installs them (no install scripts: n8n-mcp then uses its sql.js fallback).
  const peersDir = join(dir, 'peers');
  const install = spawnSync('npm', ['install', '--prefix', peersDir, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', ...Object.entries(PEERS).map(([name, version]) => `${name}@${version}`)], { encoding: 'utf8' });
  const peers = install.status === 0 ? Object.keys(PEERS) : [];
  if (install.status !== 0) console.log(`bench: peers skipped: npm install failed (${install.stderr.trim().split('\n').at(-1)})`);

  const vendored = corpusRepo('vendored');
  cpSync(join(root, 'test', 'fixtures', 'corpus', 'awesome-n8n-templates'), vendored.workflows, { recursive: true });
  benchCorpus(vendored, peers, peersDir, 5);
  if (peers.includes('n8n-mcp')) {
    const templates = corpusRepo('n8n-mcp-templates');
    await writeTemplates(peersDir, templates.workflows);
    benchCorpus(templates, peers, peersDir, 3);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
