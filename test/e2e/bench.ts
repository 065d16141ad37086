// `npm run bench:e2e`: what a lock costs in a real n8n 2.x with a real redis-server.
// - overhead: median webhook round trip of the same workflow locked vs unlocked (no contention)
// - handover: release of one holder -> next holder's entry, under contention
// - 20 contenders holding 0.1 s: wall time against the serial bound
// at poll_seconds 1 and 0.1. Prints a table.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { log, startStack, type Stack } from './harness/index.js';
import { n8nLock, REDIS_CREDENTIAL_ID, workflowId, PRIMITIVE_KEYS } from './lib/deploy.js';
import { chain, code, redisPush, wait, webhook } from './lib/fixtures.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

/** The bench's user repository, patched by the real CLI and rendered into dir/rendered. */
function buildBenchRepository(dir: string): string {
  const repo = join(dir, 'repo');
  mkdirSync(join(repo, 'workflows'), { recursive: true });
  mkdirSync(join(repo, 'envs'), { recursive: true });
  const section = (list: string, hold: number) => [
    code('Enter', 'return [{ json: { start: Date.now() } }];'),
    wait('Hold', hold),
    code('Leave', "return [{ json: { start: $('Enter').first().json.start, end: Date.now() } }];"),
    redisPush('Record', list),
  ];
  const flows: Record<string, unknown> = {
    plain: chain('Bench Plain', [webhook('plain'), code('Work', 'return [{ json: { ok: true } }];')]),
    locked: chain('Bench Locked', [webhook('locked'), code('Work', 'return [{ json: { ok: true } }];')]),
    contend_1: chain('Bench Contend 1s', [webhook('contend-1'), ...section('bench-1', 0.1)]),
    contend_01: chain('Bench Contend 0.1s', [webhook('contend-01'), ...section('bench-01', 0.1)]),
  };
  for (const [key, wf] of Object.entries(flows)) writeFileSync(join(repo, 'workflows', `${key}.json`), JSON.stringify(wf, null, 2));
  const keys = [...PRIMITIVE_KEYS, ...Object.keys(flows)];
  writeFileSync(
    join(repo, 'envs', 'bench.yml'),
    ['credentials:', `  redis: { id: "${REDIS_CREDENTIAL_ID}", name: "Redis" }`, 'workflows:', ...keys.map((k) => `  ${k}: { id: "${workflowId(k)}", name: "${k}" }`), ''].join('\n'),
  );
  const must = (args: string[]) => {
    const r = n8nLock(repo, args);
    if (r.status !== 0) throw new Error(`n8n-lock ${args.join(' ')}: ${r.stderr}`);
  };
  must(['create-lock']);
  must(['add-lock-to-workflow', 'locked', '--scope-expression', 'bench-overhead']);
  must(['add-lock-to-workflow', 'contend_1', '--scope-expression', 'bench-1', '--poll-seconds', '1']);
  must(['add-lock-to-workflow', 'contend_01', '--scope-expression', 'bench-01', '--poll-seconds', '0.1']);
  must(['render', '--env', 'bench', '--out', join(dir, 'rendered')]);
  return join(dir, 'rendered');
}

async function main() {
  let stack: Stack | undefined;
  try {
    stack = await startStack({
      name: 'n8n-lock-bench',
      workflows: buildBenchRepository,
      webhookPaths: ['plain', 'locked', 'contend-1', 'contend-01'],
      redisCredential: { id: REDIS_CREDENTIAL_ID, name: 'Redis' },
    });
    const { n8n, redis } = stack;

    // Overhead: sequential calls, alternating, after a warm-up.
    for (let i = 0; i < 5; i++) {
      await n8n.call('plain');
      await n8n.call('locked');
    }
    const plain: number[] = [];
    const locked: number[] = [];
    for (let i = 0; i < 30; i++) {
      plain.push((await n8n.call('plain')).ms);
      locked.push((await n8n.call('locked')).ms);
    }
    const rows: string[][] = [['measure', 'value']];
    rows.push(['round trip unlocked (median / p95)', `${median(plain).toFixed(0)} ms / ${p95(plain).toFixed(0)} ms`]);
    rows.push(['round trip locked (median / p95)', `${median(locked).toFixed(0)} ms / ${p95(locked).toFixed(0)} ms`]);
    rows.push(['lock overhead per execution (median)', `${(median(locked) - median(plain)).toFixed(0)} ms`]);

    for (const [path, list, poll] of [['contend-1', 'bench-1', 1], ['contend-01', 'bench-01', 0.1]] as const) {
      const started = Date.now();
      const responses = await Promise.all(Array.from({ length: 20 }, () => n8n.call(path)));
      const wall = (Date.now() - started) / 1000;
      const intervals = (await redis.client.lrange(list, 0, -1)).map((s) => JSON.parse(s) as { start: number; end: number }).sort((a, b) => a.start - b.start);
      const gaps = intervals.slice(1).map((x, i) => x.start - intervals[i].end);
      const failures = responses.filter((r) => r.status !== 200).length;
      rows.push([`poll ${poll} s: handover release -> next entry (median / max)`, `${median(gaps)} ms / ${Math.max(...gaps)} ms`]);
      rows.push([`poll ${poll} s: 20 contenders x 0.1 s hold, wall vs serial bound`, `${wall.toFixed(1)} s vs ${(20 * 0.1).toFixed(1)} s (${failures} failed)`]);
    }
    const width = Math.max(...rows.map((r) => r[0].length));
    console.log(`\nn8n ${n8n.version}, redis-server, ${new Date().toISOString()}`);
    for (const [a, b] of rows) console.log(`${a.padEnd(width)}  ${b}`);
  } finally {
    await stack?.stop();
  }
}

main().catch((error) => {
  log(`bench failed: ${error.message}`);
  process.exit(1);
});
