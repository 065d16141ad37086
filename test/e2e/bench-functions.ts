// `npm run bench:e2e`, second part: what a function call costs in a real n8n 2.x, against n8n's own
// Execute Workflow calling the same empty sub-workflow, and how many calls per second go through.
// - round trip: a webhook that calls the empty function (Call Function) vs a webhook that runs the
//   empty sub-workflow (Execute Workflow), sequential, alternating, median and p95
// - throughput: one execution calling the function for 300 items (20 in parallel), calls/s
// Regular mode, then queue mode with 1 worker and with 2 workers (30 executions each).
// Prints a table and one `bench: functions mode=<m> ...` line per run. N8N_LOCK_E2E_MODE picks modes.
import { log, median, p95, selectedModes, startStack, type E2eMode, type Stack } from './harness/index.js';
import { code, webhook } from './lib/fixtures.js';
import { callFunction, functionTrigger, node, returnJson, workflow } from './lib/functions-fixtures.js';
import { consumersKey, GLOBAL_SCOPE } from 'n8n-lock-protocol/functions';

const ROUNDS = 40;
const THROUGHPUT_CALLS = 300;

const IDS = { fn: 'BnFnEmpty0000001', callFn: 'BnCallFnEmpty001', sub: 'BnSubEmpty000001', callSub: 'BnCallSubEmpty01', many: 'BnCallFnMany0001' };

function benchWorkflows() {
  const subTrigger = node('When Executed by Another Workflow', 'n8n-nodes-base.executeWorkflowTrigger', 1.1, { inputSource: 'passthrough' });
  const executeSub = node('Execute Workflow', 'n8n-nodes-base.executeWorkflow', 1.2, {
    workflowId: { __rl: true, value: IDS.sub, mode: 'id' },
    workflowInputs: { mappingMode: 'defineBelow', value: {}, matchingColumns: [], schema: [], attemptToConvertTypes: false, convertFieldsToString: true },
    options: {},
  });
  return [
    workflow(IDS.fn, 'Bench fn empty', [functionTrigger('empty', [], { callsInFlight: 50 }), returnJson('Return', '={{ {} }}')]),
    workflow(IDS.callFn, 'Bench call fn', [webhook('call-fn'), callFunction('Call empty', 'empty', '={{ {} }}')]),
    workflow(IDS.sub, 'Bench sub empty', [subTrigger, node('Done', 'n8n-nodes-base.noOp', 1, {})]),
    workflow(IDS.callSub, 'Bench call sub', [webhook('call-sub'), executeSub]),
    workflow(IDS.many, 'Bench call many', [
      webhook('call-many'),
      code('Items', 'return Array.from({ length: Number($json.query.count) }, (_, n) => ({ json: { n } }));'),
      callFunction('Call empty', 'empty', '={{ {} }}', { timeout: 300, options: { parallelCalls: 20 } }),
      code('Count', 'return [{ json: { calls: $input.all().length, errors: $input.all().filter((i) => i.json.error).length } }];'),
    ]),
  ];
}

interface Run {
  label: string;
  rows: Array<[string, string]>;
  line: string;
}

async function measure(mode: E2eMode, workers: number): Promise<Run> {
  const label = mode === 'queue' ? `queue, ${workers} worker${workers > 1 ? 's' : ''}` : 'regular';
  let stack: Stack | undefined;
  try {
    stack = await startStack({
      name: `n8n-lock-bench-functions-${mode}-${workers}`,
      mode,
      nodePackage: true,
      workflows: benchWorkflows(),
      webhookPaths: ['call-fn', 'call-sub', 'call-many'],
      n8n: mode === 'queue' ? { workers, concurrency: 30 } : {},
    });
    const { n8n, redis } = stack;
    for (let i = 0; i < 100 && (await redis.client.scard(consumersKey(GLOBAL_SCOPE, 'empty'))) === 0; i++) await new Promise((r) => setTimeout(r, 250));
    for (let i = 0; i < 5; i++) {
      await n8n.call('call-fn');
      await n8n.call('call-sub');
    }
    const fn: number[] = [];
    const sub: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const a = await n8n.call('call-fn');
      const b = await n8n.call('call-sub');
      if (a.status !== 200 || a.body.error || b.status !== 200) throw new Error(`a bench call failed: ${JSON.stringify(a.body).slice(0, 200)} / ${JSON.stringify(b.body).slice(0, 200)}`);
      fn.push(a.ms);
      sub.push(b.ms);
    }
    const started = Date.now();
    const many = await n8n.call('call-many', { count: THROUGHPUT_CALLS }, { timeoutMs: 600_000 });
    const seconds = (Date.now() - started) / 1000;
    if (many.body.calls !== THROUGHPUT_CALLS || many.body.errors !== 0) throw new Error(`throughput run: ${JSON.stringify(many.body)}`);
    const perSecond = THROUGHPUT_CALLS / seconds;
    const rows: Array<[string, string]> = [
      ['webhook -> Call Function (empty function), median / p95', `${median(fn).toFixed(0)} ms / ${p95(fn).toFixed(0)} ms`],
      ['webhook -> Execute Workflow (empty sub-workflow), median / p95', `${median(sub).toFixed(0)} ms / ${p95(sub).toFixed(0)} ms`],
      ['a function call costs more than Execute Workflow by (median)', `${(median(fn) - median(sub)).toFixed(0)} ms`],
      [`${THROUGHPUT_CALLS} calls from one execution, 20 in parallel`, `${seconds.toFixed(1)} s = ${perSecond.toFixed(0)} calls/s`],
    ];
    if (n8n.workers.length) rows.push(['executions per worker', `[${n8n.jobsPerWorker().join(', ')}]`]);
    const line = `bench: functions mode=${mode} workers=${n8n.workers.length} call_ms=${median(fn).toFixed(0)} call_p95_ms=${p95(fn).toFixed(0)} execute_workflow_ms=${median(sub).toFixed(0)} execute_workflow_p95_ms=${p95(sub).toFixed(0)} calls_per_s=${perSecond.toFixed(0)}`;
    return { label, rows, line };
  } finally {
    await stack?.stop();
  }
}

async function main() {
  const runs: Run[] = [];
  for (const mode of selectedModes()) {
    if (mode === 'regular') runs.push(await measure('regular', 0));
    else for (const workers of [1, 2]) runs.push(await measure('queue', workers));
  }
  const labels = runs[0].rows.map(([label]) => label);
  for (const run of runs) for (const [label] of run.rows) if (!labels.includes(label)) labels.push(label);
  const table = [['measure', ...runs.map((r) => r.label)], ...labels.map((label) => [label, ...runs.map((r) => r.rows.find(([l]) => l === label)?.[1] ?? '-')])];
  const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
  console.log(`\nn8n-lock bench:e2e functions, ${new Date().toISOString()}`);
  for (const row of table) console.log(row.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd());
  for (const run of runs) console.log(run.line);
}

main().catch((error) => {
  log(`bench failed: ${error.message}`);
  process.exit(1);
});
