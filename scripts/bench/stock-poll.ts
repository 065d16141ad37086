// What the stock engine's poll period costs and buys, measured on a real n8n 2.41.1 (regular mode:
// one `n8n start` on SQLite) with a real redis-server, both started by the e2e harness
// (test/e2e/harness; the first run installs n8n into ~/.cache/n8n-lock-e2e, about 5 minutes).
// For each poll_seconds of 1, 0.5, 0.2 and 0.1 and each of 5 and 20 waiters (that many concurrent
// callers of one scope: one holds, the rest wait), a burst of calls of a workflow locked with
// `add-lock-to-workflow --poll-seconds <p>` whose critical section holds 1 s (the finding of issue
// 38: five 1 s sections, 9.9 s at poll 1). 5 waiters run two bursts, 20 waiters one.
// - handover_gap_ms: median of "a Lock Release starts -> the next Lock Acquire has ended" (n8n's
//   run data of the callers), the time one scope stands idle between two holders
// - redis_cmds_per_s: total_commands_processed of the throwaway redis-server (INFO stats) over the
//   bursts, divided by their wall time
// - run_data_kb_per_waiting_execution: the stored execution_data.data of every lock_acquisition
//   sub-execution that waited (its Wait Before Poll ran), median; each poll adds the run of five nodes
// - n8n_cpu_pct: CPU time of n8n and its task runner over the bursts' wall time (200 % = both cores)
// Prints, one per (poll, waiters), the line other tools parse:
//   stock-poll: poll_s=<p> waiters=<n> handover_gap_ms=<median> redis_cmds_per_s=<r>
// and the execution data and CPU beside it:
//   stock-poll-data: poll_s=<p> waiters=<n> run_data_kb_per_waiting_execution=<median> ...
// Exits 1 when the stack cannot start (no redis-server, n8n does not come up); never on timings.
//   node --import tsx scripts/bench/stock-poll.ts     (after npm run build)
import { groupCpuMs, log, median, startStack, type Stack } from '../../test/e2e/harness/index.js';
import { benchRepository, contend, criticalSection } from '../../test/e2e/lib/contention.js';
import { REDIS_CREDENTIAL_ID, workflowId } from '../../test/e2e/lib/deploy.js';
import { chain, webhook } from '../../test/e2e/lib/fixtures.js';

const POLLS = [1, 0.5, 0.2, 0.1];
const WAITERS = [5, 20];
const HOLD_SECONDS = 1;
/** Bursts per cell: 5 waiters give 4 handovers a burst, so two bursts; 20 give 19. */
const BURSTS: Record<number, number> = { 5: 2, 20: 1 };

const keyOf = (poll: number) => `poll_${String(poll).replace('.', '')}`;
const pathOf = (poll: number) => `poll-${String(poll).replace('.', '')}`;

function buildRepository(dir: string): string {
  const flows = Object.fromEntries(POLLS.map((poll) => [keyOf(poll), chain(`Bench Poll ${poll}s`, [webhook(pathOf(poll)), ...criticalSection(`bench-${keyOf(poll)}`, HOLD_SECONDS)])]));
  const { must } = benchRepository(dir, flows);
  must(['create-lock']);
  for (const poll of POLLS) must(['add-lock-to-workflow', keyOf(poll), '--scope-expression', `bench-${keyOf(poll)}`, '--poll-seconds', String(poll)]);
  must(['render', '--env', 'bench', '--out', `${dir}/rendered`]);
  return `${dir}/rendered`;
}

async function commandsProcessed(stack: Stack): Promise<number> {
  return Number(/total_commands_processed:(\d+)/.exec(await stack.redis.client.info('stats'))?.[1] ?? 0);
}

interface Cell {
  poll: number;
  waiters: number;
  handover: number;
  sectionGap: number;
  redisPerSecond: number;
  runDataKb: number;
  polls: number;
  waiting: number;
  wall: number;
  cpuPct: number;
  failed: number;
}

async function measureCell(stack: Stack, poll: number, waiters: number): Promise<Cell> {
  const pgid = stack.n8n.pid;
  if (!pgid) throw new Error('n8n is not running');
  const handovers: number[] = [];
  const sectionGaps: number[] = [];
  const sizes: number[] = [];
  const pollCounts: number[] = [];
  let wall = 0;
  let commands = 0;
  let cpuMs = 0;
  let failed = 0;
  for (let burst = 0; burst < BURSTS[waiters]; burst++) {
    const commandsBefore = await commandsProcessed(stack);
    const cpuBefore = groupCpuMs(pgid);
    const run = await contend(stack, pathOf(poll), `bench-${keyOf(poll)}`, keyOf(poll), waiters);
    cpuMs += groupCpuMs(pgid) - cpuBefore;
    commands += (await commandsProcessed(stack)) - commandsBefore;
    wall += run.wall;
    failed += run.failures;
    handovers.push(...run.lockHandovers);
    sectionGaps.push(...run.gaps);
    // n8n may store a sub-execution a moment after its caller answered.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const execution of await stack.n8n.executionDataSizes(workflowId('lock_acquisition'), { afterId: run.afterId, limit: waiters })) {
      const waited = execution.runs['Wait Before Poll'] ?? 0;
      if (waited === 0) continue;
      sizes.push(execution.bytes / 1024);
      pollCounts.push(waited);
    }
  }
  return {
    poll,
    waiters,
    handover: median(handovers),
    sectionGap: median(sectionGaps),
    redisPerSecond: commands / wall,
    runDataKb: sizes.length ? median(sizes) : 0,
    polls: pollCounts.length ? median(pollCounts) : 0,
    waiting: sizes.length,
    wall,
    cpuPct: (cpuMs / 1000 / wall) * 100,
    failed,
  };
}

async function main() {
  const stack = await startStack({
    name: 'n8n-lock-bench-stock-poll',
    mode: 'regular',
    workflows: buildRepository,
    webhookPaths: POLLS.map(pathOf),
    redisCredential: { id: REDIS_CREDENTIAL_ID, name: 'Redis' },
  });
  const cells: Cell[] = [];
  try {
    // One uncontended call each first: the first execution of a workflow loads its nodes.
    for (const poll of POLLS) await stack.n8n.call(pathOf(poll));
    for (const waiters of WAITERS) {
      for (const poll of POLLS) {
        const cell = await measureCell(stack, poll, waiters);
        log(`poll ${poll} s, ${waiters} waiters: ${cell.wall.toFixed(1)} s wall, handover ${cell.handover} ms`);
        cells.push(cell);
      }
    }
  } finally {
    await stack.stop();
  }
  const header = ['poll s', 'waiters', 'handover ms (median)', 'section end -> next start ms', 'Redis cmds/s', 'run data KB per waiting execution', 'polls per waiter', 'n8n CPU %', 'wall s (serial bound)'];
  const rows = cells.map((c) => [String(c.poll), String(c.waiters), String(c.handover), String(c.sectionGap), c.redisPerSecond.toFixed(0), c.runDataKb.toFixed(1), String(c.polls), c.cpuPct.toFixed(0), `${c.wall.toFixed(1)} (${(BURSTS[c.waiters] * c.waiters * HOLD_SECONDS).toFixed(0)})`]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  console.log(`\nstock engine poll, real n8n (regular mode) + redis-server, ${HOLD_SECONDS} s critical section, ${new Date().toISOString()}`);
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd());
  for (const c of cells) console.log(`stock-poll: poll_s=${c.poll} waiters=${c.waiters} handover_gap_ms=${c.handover} redis_cmds_per_s=${c.redisPerSecond.toFixed(0)}`);
  for (const c of cells) {
    console.log(
      `stock-poll-data: poll_s=${c.poll} waiters=${c.waiters} run_data_kb_per_waiting_execution=${c.runDataKb.toFixed(1)} polls_per_waiting_execution=${c.polls} waiting_executions=${c.waiting} section_gap_ms=${c.sectionGap} n8n_cpu_pct=${c.cpuPct.toFixed(0)} wall_s=${c.wall.toFixed(1)} failed=${c.failed}`,
    );
  }
}

main().catch((error) => {
  log(`stock-poll bench failed: ${error.message}`);
  process.exit(1);
});
