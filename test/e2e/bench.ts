// `npm run bench:e2e`: what a lock costs in a real n8n 2.x with a real redis-server, in regular
// mode (one process, SQLite) and queue mode (main + 2 workers, PostgreSQL), side by side.
// - overhead: median webhook round trip of the same workflow locked vs unlocked (no contention),
//   and, steadier, the lock nodes' own time per execution from n8n's run data (Lock Acquire +
//   Lock Release, median and p95 over 200 executions): the difference of two round-trip medians
//   swings with everything else n8n does per request, the nodes' time does not
// - handover: release of one holder -> next holder's entry, under contention
// - 20 contenders holding 0.1 s: wall time against the serial bound
// at poll_seconds 1 and 0.1
// - capacity: the rate-limit gate's nodes per execution (rate_limit_check vs the native Rate Limit
//   node) and the semaphore's Lock Acquire + Release (Max Holders 3, beside the mutex's), run data.
// Prints a table with one column per mode, and one machine-readable
// `bench: engine=<stock|node> mode=<m> ...` line per run: the stock primitives and the native Lock
// node side by side. N8N_LOCK_E2E_MODE=regular|queue runs one mode, N8N_LOCK_E2E_ENGINE=stock|node one engine.
import { join } from 'node:path';
import { log, median, p95, selectedModes, startStack, type E2eMode, type Stack } from './harness/index.js';
import { REDIS_CREDENTIAL_ID, workflowId } from './lib/deploy.js';
import { benchRepository, contend, criticalSection } from './lib/contention.js';
import { chain, code, noOp, webhook } from './lib/fixtures.js';


type Engine = 'stock' | 'node';

/** Uncontended executions of each workflow (locked and plain, alternating) the overhead is measured on. */
const QUIET_RUNS = 200;

/** The bench's user repository, patched by the real CLI (with `engine`) and rendered into dir/rendered. */
function buildBenchRepository(dir: string, engine: Engine): string {
  const flows: Record<string, unknown> = {
    plain: chain('Bench Plain', [webhook('plain'), code('Work', 'return [{ json: { ok: true } }];')]),
    // A NoOp in the same workflow: n8n's own charge for running a node, subtracted from the lock nodes' time (own_ms).
    locked: chain('Bench Locked', [webhook('locked'), code('Work', 'return [{ json: { ok: true } }];'), noOp('NoOp')]),
    contend_1: chain('Bench Contend 1s', [webhook('contend-1'), ...criticalSection('bench-1', 0.1)]),
    contend_01: chain('Bench Contend 0.1s', [webhook('contend-01'), ...criticalSection('bench-01', 0.1)]),
    // Capacity: a rate limit that always allows (its cost, not its refusals), and a semaphore of 3.
    limited: chain('Bench Limited', [webhook('limited'), code('Work', 'return [{ json: { ok: true } }];')]),
    ...(engine === 'node' ? { semaphore: chain('Bench Semaphore', [webhook('semaphore'), code('Work', 'return [{ json: { ok: true } }];')]) } : {}),
  };
  const { must: run } = benchRepository(dir, flows);
  const must = (args: string[]) => run(args[0] === 'add-lock-to-workflow' && engine === 'node' ? [...args, '--engine', 'node'] : args);
  must(['create-lock', '--include-rate-limit']);
  must(['add-lock-to-workflow', 'locked', '--scope-expression', 'bench-overhead']);
  must(['add-lock-to-workflow', 'contend_1', '--scope-expression', 'bench-1', '--poll-seconds', '1']);
  must(['add-lock-to-workflow', 'contend_01', '--scope-expression', 'bench-01', '--poll-seconds', '0.1']);
  // The same gate either way (passthrough: an If on allowed); stock: rate_limit_check, native: the Rate Limit node (sliding log).
  must(['add-rate-limit-to-workflow', 'limited', '--limit', '1000000', '--window-seconds', '60', '--scope-expression', 'bench-rate', ...(engine === 'node' ? ['--engine', 'node', '--algorithm', 'sliding-log'] : [])]);
  if (engine === 'node') must(['add-lock-to-workflow', 'semaphore', '--scope-expression', 'bench-semaphore', '--max-holders', '3']);
  must(['render', '--env', 'bench', '--out', join(dir, 'rendered')]);
  return join(dir, 'rendered');
}

interface ModeResult {
  label: string;
  rows: Array<[string, string]>;
  line: string;
}

async function measure(mode: E2eMode, engine: Engine): Promise<ModeResult> {
  let stack: Stack | undefined;
  try {
    stack = await startStack({
      name: `n8n-lock-bench-${mode}-${engine}`,
      mode,
      nodePackage: engine === 'node',
      workflows: (dir) => buildBenchRepository(dir, engine),
      webhookPaths: ['plain', 'locked', 'contend-1', 'contend-01', 'limited', ...(engine === 'node' ? ['semaphore'] : [])],
      redisCredential: { id: REDIS_CREDENTIAL_ID, name: 'Redis' },
    });
    const { n8n } = stack;

    // Overhead: sequential calls, alternating, after a warm-up.
    for (let i = 0; i < 5; i++) {
      await n8n.call('plain');
      await n8n.call('locked');
    }
    const plain: number[] = [];
    const locked: number[] = [];
    for (let i = 0; i < QUIET_RUNS; i++) {
      plain.push((await n8n.call('plain')).ms);
      locked.push((await n8n.call('locked')).ms);
    }
    const overhead = median(locked) - median(plain);
    // Per step of an uncontended locked run, from n8n's run data (and the Lock node's own clock).
    const quiet = (await stack.n8n.nodeTimings(workflowId('locked'), { limit: QUIET_RUNS })).map((e) => e.nodes);
    const lockNodes = quiet.filter((n) => n['Lock Acquire'] && n['Lock Release']).map((n) => n['Lock Acquire'].ms + n['Lock Release'].ms);
    if (lockNodes.length < QUIET_RUNS) throw new Error(`run data of ${lockNodes.length} locked executions, expected ${QUIET_RUNS}`);
    const quietStep = (name: string) => median(quiet.map((n) => n[name]?.ms ?? 0));
    // Two lock nodes, each charged what n8n charges any node (the NoOp's run-data time): the rest is theirs.
    const noOpMs = quietStep('NoOp');
    const ownMs = median(lockNodes) - 2 * noOpMs;
    const rows: Array<[string, string]> = [];
    rows.push(['round trip unlocked (median / p95)', `${median(plain).toFixed(0)} ms / ${p95(plain).toFixed(0)} ms`]);
    rows.push(['round trip locked (median / p95)', `${median(locked).toFixed(0)} ms / ${p95(locked).toFixed(0)} ms`]);
    rows.push(['lock overhead per execution: round-trip difference (medians)', `${overhead.toFixed(0)} ms`]);
    rows.push([`lock overhead per execution: run data, Lock Acquire + Lock Release (median / p95, ${lockNodes.length} runs)`, `${median(lockNodes)} ms / ${p95(lockNodes)} ms`]);
    rows.push(['uncontended, per node (median ms): Lock Acquire / Work (Code) / Lock Release / NoOp', `${quietStep('Lock Acquire')} / ${quietStep('Work')} / ${quietStep('Lock Release')} / ${noOpMs}`]);
    rows.push(['lock nodes\' own share: Acquire + Release less 2 x NoOp (median ms)', `${ownMs}`]);
    if (engine === 'node') {
      const timing = (field: string) => median(quiet.map((n) => Number(n['Lock Acquire']?.json?.lock?.timing?.[field] ?? 0))).toFixed(1);
      rows.push(['inside Lock Acquire (median ms): n8n credential lookup / Redis script', `${timing('credentials_ms')} / ${timing('lock_ms')}`]);
    }

    // Capacity: the rate-limit nodes' time per execution (every node the gate inserted: "Rate Limit...")
    // and, native only, the semaphore's Lock Acquire + Release beside the mutex's above.
    for (let i = 0; i < QUIET_RUNS; i++) {
      await n8n.call('limited');
      if (engine === 'node') await n8n.call('semaphore');
    }
    const rateRuns = (await stack.n8n.nodeTimings(workflowId('limited'), { limit: QUIET_RUNS })).map((e) => Object.entries(e.nodes).filter(([name]) => name.startsWith('Rate Limit')).reduce((sum, [, t]) => sum + t.ms, 0));
    rows.push([`rate limit per execution: run data, the gate's nodes (median / p95, ${rateRuns.length} runs)`, `${median(rateRuns)} ms / ${p95(rateRuns)} ms (${engine === 'node' ? 'Rate Limit node, sliding log' : 'rate_limit_check'})`]);
    let semaphoreRuns: number[] = [];
    if (engine === 'node') {
      semaphoreRuns = (await stack.n8n.nodeTimings(workflowId('semaphore'), { limit: QUIET_RUNS })).map((e) => e.nodes).filter((n) => n['Lock Acquire'] && n['Lock Release']).map((n) => n['Lock Acquire'].ms + n['Lock Release'].ms);
      rows.push([`semaphore (Max Holders 3) per execution: run data, Lock Acquire + Lock Release (median / p95, ${semaphoreRuns.length} runs)`, `${median(semaphoreRuns)} ms / ${p95(semaphoreRuns)} ms`]);
    }

    const summary: Record<string, { handover: number; wall: number }> = {};
    for (const [path, list, key, poll] of [['contend-1', 'bench-1', 'contend_1', 1], ['contend-01', 'bench-01', 'contend_01', 0.1]] as const) {
      const { wall, failures, intervals, gaps, lockHandovers, step } = await contend(stack, path, list, key, 20);
      summary[poll] = { handover: median(lockHandovers), wall };
      rows.push([`poll ${poll} s: handover Lock Release start -> next Lock Acquire end, run data (median / max)`, `${median(lockHandovers)} ms / ${Math.max(...lockHandovers)} ms`]);
      rows.push([`poll ${poll} s: critical section end -> next one's start, Code-node clocks (median / max)`, `${median(gaps)} ms / ${Math.max(...gaps)} ms`]);
      if (poll === 1) rows.push(['per step under contention (median ms): Lock Release / Record (Redis node) / Enter (Code node)', `${step('Lock Release')} / ${step('Record')} / ${step('Enter')}`]);
      rows.push([`poll ${poll} s: 20 contenders x 0.1 s hold, wall vs serial bound`, `${wall.toFixed(1)} s vs ${(20 * 0.1).toFixed(1)} s (${failures} failed)`]);
      // What one holder spends inside (Enter -> Hold 0.1 s -> Leave): the floor of the wall time, with no lock cost in it.
      if (poll === 1) rows.push(['critical section as run (Enter start -> Leave end), median', `${median(intervals.map((x) => x.end - x.start))} ms (20 x that = ${((20 * median(intervals.map((x) => x.end - x.start))) / 1000).toFixed(1)} s)`]);
    }
    if (n8n.workers.length) rows.push(['executions per worker', `[${n8n.jobsPerWorker().join(', ')}]`]);
    const line = `bench: engine=${engine} mode=${mode} overhead_ms=${overhead.toFixed(0)} lock_nodes_ms=${median(lockNodes)} lock_nodes_p95_ms=${p95(lockNodes)} lock_nodes_runs=${lockNodes.length} noop_ms=${noOpMs} own_ms=${ownMs} handover_ms=${summary[1].handover} contenders_s=${summary[1].wall.toFixed(1)} rate_limit_nodes_ms=${median(rateRuns)} rate_limit_nodes_p95_ms=${p95(rateRuns)}${engine === 'node' ? ` semaphore_nodes_ms=${median(semaphoreRuns)} semaphore_nodes_p95_ms=${p95(semaphoreRuns)}` : ''}`;
    const label = `${engine === 'node' ? 'native Lock node' : 'stock primitives'}, ${mode === 'queue' ? 'queue (main + 2 workers)' : 'regular'}`;
    return { label, rows, line };
  } finally {
    await stack?.stop();
  }
}

/** N8N_LOCK_E2E_ENGINE=stock|node measures one engine; unset: both, side by side. */
function selectedEngines(): Engine[] {
  const value = (process.env.N8N_LOCK_E2E_ENGINE ?? '').trim();
  if (value === '' || value === 'both') return ['stock', 'node'];
  if (value === 'stock' || value === 'node') return [value];
  throw new Error(`N8N_LOCK_E2E_ENGINE must be stock, node or unset (both), got ${JSON.stringify(value)}`);
}

async function main() {
  const engines = selectedEngines();
  const runs: ModeResult[] = [];
  for (const mode of selectedModes()) for (const engine of engines) runs.push(await measure(mode, engine));
  const labels = [...new Set(runs.flatMap((r) => r.rows.map(([l]) => l)))];
  const table = [['measure', ...runs.map((r) => r.label)]];
  for (const label of labels) table.push([label, ...runs.map((r) => r.rows.find(([l]) => l === label)?.[1] ?? '-')]);
  const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
  console.log(`\nn8n-lock bench:e2e, ${new Date().toISOString()}`);
  for (const row of table) console.log(row.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd());
  for (const run of runs) console.log(run.line);
}

main().catch((error) => {
  log(`bench failed: ${error.message}`);
  process.exit(1);
});
