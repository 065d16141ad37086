// `status` over 50,000 locks (50,000 counters + 50,000 sidecars) on a redis-server this script
// starts on a free loopback port and always stops. Prints the CLI's wall time and the round trips
// it used, an in-process breakdown, the same with 200,000 unrelated keys in the database (SCAN walks
// them too), and the unlock race: 50 concurrent compare-and-delete attempts, exactly one may win.
// Needs `npm run build` (runs dist/, as users do). Target: status < 2 s wall.
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRedis, stopRedis } from '../support/redis-server.mjs';
import { performance } from 'node:perf_hooks';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ops = await import(join(root, 'dist', 'ops', 'index.js'));
const BIN = join(root, 'dist', 'cli', 'index.js');
const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';
const LOCKS = 50_000;
const FOREIGN = 200_000;
const TARGET_MS = 2000;

async function writePipelined(client, count, write) {
  for (let start = 0; start < count; start += 10_000) {
    const pipeline = client.pipeline();
    for (let i = start; i < Math.min(count, start + 10_000); i++) write(pipeline, i);
    await pipeline.exec();
  }
}

function timeCli(url, format) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [BIN, 'status', '--redis-url', url, '--format', format], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const wall = performance.now() - started;
  if (run.status !== 0) throw new Error(`status exited ${run.status}: ${run.stderr}`);
  return { wall, stdout: run.stdout };
}

async function inProcess(target) {
  const t0 = performance.now();
  const scan = await ops.withRedis(target, (client) => ops.readLockKeys(client));
  const t1 = performance.now();
  const report = ops.buildStatusReport(scan.readings, { nowMs: Date.now(), redis: target.display, roundTrips: scan.roundTrips });
  const t2 = performance.now();
  const table = ops.formatStatusTable(report);
  const t3 = performance.now();
  return { read: t1 - t0, build: t2 - t1, format: t3 - t2, roundTrips: scan.roundTrips, keys: scan.readings.length, bytes: table.length, locks: report.summary.locks };
}

async function scenario(label, target) {
  const cli = [];
  for (let round = 0; round < 3; round++) cli.push(timeCli(target.display, 'table').wall);
  const json = timeCli(target.display, 'json');
  const report = JSON.parse(json.stdout);
  const parts = await inProcess(target);
  cli.sort((a, b) => a - b);
  console.log(`${label}:`);
  console.log(`  CLI status (table), 3 runs: median ${cli[1].toFixed(0)} ms wall, max ${cli[2].toFixed(0)} ms (includes ~0.3 s node start); json: ${json.wall.toFixed(0)} ms, ${(json.stdout.length / 1e6).toFixed(1)} MB`);
  console.log(`  round trips: ${report.scan.round_trips} (one per SCAN page of COUNT ${ops.SCAN_COUNT}; each page's keys are read by one script call of <= ${ops.READ_CHUNK} keys that rides along with the next SCAN; +1 for the last), ${report.summary.locks} locks, ${report.scan.keys_read} keys read`);
  console.log(`  in process: connect+SCAN+reads ${parts.read.toFixed(0)} ms, build report ${parts.build.toFixed(0)} ms, format table ${parts.format.toFixed(0)} ms (${(parts.bytes / 1e6).toFixed(1)} MB)`);
  return cli[1];
}

async function unlockRace(target, rounds = 20, attempts = 50) {
  const clients = await Promise.all(Array.from({ length: attempts }, () => ops.openRedis(target)));
  const winners = [];
  const latencies = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const scope = `race-${round}`;
      await clients[0].multi().set(ops.counterKey(scope), '1', 'EX', 60).set(ops.sidecarKey(scope), JSON.stringify({ lock_id: 'winner', locked_at: new Date().toISOString() }), 'EX', 60).exec();
      const started = performance.now();
      const replies = await Promise.all(clients.map((client) => ops.evalUnlock(client, { scope, mode: 'lock-id', lockId: 'winner', dryRun: false })));
      latencies.push(performance.now() - started);
      winners.push(replies.filter((reply) => reply[0] === 'deleted').length);
      if ((await clients[0].exists(ops.counterKey(scope), ops.sidecarKey(scope))) !== 0) throw new Error(`round ${round}: keys left`);
    }
  } finally {
    for (const client of clients) client.disconnect();
  }
  const exactlyOnce = winners.filter((n) => n === 1).length;
  latencies.sort((a, b) => a - b);
  console.log(`unlock race: ${rounds} rounds x ${attempts} concurrent --lock-id attempts on ${attempts} connections: exactly one deletion in ${exactlyOnce}/${rounds} rounds (winners per round: ${[...new Set(winners)].join(',')}); all ${attempts} answered in median ${latencies[Math.floor(rounds / 2)].toFixed(1)} ms`);
  return exactlyOnce === rounds;
}

const { port, child } = await startRedis();
const stop = () => stopRedis(child);
process.on('SIGINT', () => stop().then(() => process.exit(130)));
let ok = true;
try {
  const target = ops.parseRedisUrl(`redis://127.0.0.1:${port}/0`);
  const client = await ops.openRedis(target);
  const lockedAt = new Date().toISOString();
  let started = performance.now();
  await writePipelined(client, LOCKS, (pipeline, i) => {
    const scope = `bench:scope-${i}`;
    pipeline
      .set(ops.counterKey(scope), '1', 'EX', 3600)
      .set(ops.sidecarKey(scope), JSON.stringify({ lock_id: `exec-${i}`, workflow_id: 'AbCdEf0123456789', workflow_name: 'Bench Flow', execution_id: `exec-${i}`, locked_at: lockedAt }), 'EX', 3600);
  });
  console.log(`wrote ${LOCKS} counters + ${LOCKS} sidecars (pipelined) in ${(performance.now() - started).toFixed(0)} ms; redis-server ${spawnSync(REDIS_SERVER, ['--version'], { encoding: 'utf8' }).stdout.split(' ')[2]}`);

  const median = await scenario(`status over ${LOCKS} locks (${LOCKS * 2} keys)`, target);
  ok &&= median < TARGET_MS;

  started = performance.now();
  await writePipelined(client, FOREIGN, (pipeline, i) => pipeline.set(`app:session:${i}`, 'x'));
  console.log(`wrote ${FOREIGN} unrelated keys in ${(performance.now() - started).toFixed(0)} ms`);
  await scenario(`same, with ${FOREIGN} unrelated keys in the db (${LOCKS * 2 + FOREIGN} keys)`, target);
  client.disconnect();

  ok = (await unlockRace(target)) && ok;
  console.log(ok ? `OK: status under ${TARGET_MS} ms, unlock exactly once` : 'FAILED: see above');
} finally {
  await stop();
}
process.exit(ok ? 0 : 1);
