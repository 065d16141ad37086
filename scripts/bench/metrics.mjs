// What recording metrics costs, and what serving them costs, against a throwaway redis-server:
// - the Lock node's acquire + release (n8n-nodes/dist/lib: pool, scripts) with recording on and
//   off, alternating round by round in one run so both see the same machine;
// - one scrape of `n8n-lock metrics` (the built CLI) that serves 10,000 Prometheus series (209
//   recorded series of a Lock node), and one of 10,000 recorded series; the Redis memory a series takes.
//   node scripts/bench/metrics.mjs      (after npm run build)
// Prints:
//   bench: metrics_recording=<off|on> acquire_release=<n> median_ms=<m> p95_ms=<p>
//   bench: metrics_recording added_median_ms=<d> added_p95_ms=<d>
//   bench: metrics_scrape recorded_series=<n> prometheus_series=<n> scrapes=<n> median_ms=<m> max_ms=<m> bytes_per_series=<b>
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { startRedis, stopRedis } from '../support/redis-server.mjs';

const require = createRequire(import.meta.url);
const { acquireLock, releaseLock } = require('../../n8n-nodes/dist/lib/lock.js');
const { poolFor, closeAllPools } = require('../../n8n-nodes/dist/lib/pool.js');
const { recorderFor } = require('../../n8n-nodes/dist/lib/metrics.js');
const { recordEval, recordingPlan, labelsJson, metricField, seriesKey } = await import('../../protocol/dist/metrics.js');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000);
const WARMUP = 100;
const SCRAPES = 5;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

const server = await startRedis();
try {
  const pool = poolFor({ host: '127.0.0.1', port: server.port, database: 0 }, 'bench');
  const recorder = recorderFor({}, { kind: 'lock', workflowId: 'WfBench', node: 'Lock', subject: '=bench-{{ $json.id }}' }, (message) => console.error(message));
  const times = { off: [], on: [] };
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    for (const setting of i % 2 ? ['off', 'on'] : ['on', 'off']) {
      const started = performance.now();
      const [lock] = await acquireLock(pool, {
        scopes: [`bench-${setting}`],
        maxHolders: 1,
        ttlSeconds: 30,
        holder: { lock_id: `L${i}`, workflow_id: 'WfBench', workflow_name: 'bench', execution_id: String(i), locked_at: '' },
        waitTillLockReleased: false,
        maxWaitSeconds: 0,
        pollSeconds: 1,
        recorder: setting === 'on' ? recorder : undefined,
      });
      await releaseLock(await pool.command(), lock.scope, lock.lock_id, 'either', setting === 'on' ? recorder : undefined);
      if (i >= WARMUP) times[setting].push(performance.now() - started);
    }
  }
  const stats = {};
  for (const setting of ['off', 'on']) {
    const sorted = times[setting].sort((a, b) => a - b);
    stats[setting] = { median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
    console.log(`bench: metrics_recording=${setting} acquire_release=${ROUNDS} median_ms=${stats[setting].median.toFixed(3)} p95_ms=${stats[setting].p95.toFixed(3)}`);
  }
  console.log(`bench: metrics_recording added_median_ms=${(stats.on.median - stats.off.median).toFixed(3)} added_p95_ms=${(stats.on.p95 - stats.off.p95).toFixed(3)}`);
  await closeAllPools();

  // Recorded series as the nodes write them: one Lock node per workflow, each with acquisitions,
  // releases, a wait and a hold (48 Prometheus series each: 2 counters, 2 histograms of 23). Two
  // sizes: enough recorded series for 10,000 Prometheus series in the scrape, and 10,000 recorded.
  const client = new Redis({ host: '127.0.0.1', port: server.port });
  const cli = fileURLToPath(new URL('../../dist/cli/index.js', import.meta.url));
  // The wait is the plan's observed seconds, the hold rides in the reply (element 2, in seconds).
  const plan = recordingPlan({ '1': { inc: [metricField('acquisitions', 'acquired'), metricField('releases', 'released')], observe: [metricField('wait_seconds')], reply: [[metricField('hold_seconds'), 2, 1]] } });
  for (const recorded of [Math.ceil(10_000 / 48), 10_000]) {
    await client.flushall();
    for (let start = 0; start < recorded; start += 1000) {
      const pipeline = client.pipeline();
      for (let i = start; i < Math.min(recorded, start + 1000); i++) {
        const identity = { kind: 'lock', workflowId: `Wf${String(i).padStart(12, '0')}`, node: 'Lock Contact', subject: '=crm-{{ $json.id }}' };
        pipeline.eval(...recordEval(plan, seriesKey(identity), labelsJson(identity), (i % 100) / 1000, ['1', String((i % 37) / 10)]));
      }
      await pipeline.exec();
    }
    const sample = await client.scan('0', 'MATCH', 'n8n-lock:metrics:lock:*', 'COUNT', 1000);
    const sizes = await Promise.all(sample[1].slice(0, 100).map((key) => client.call('MEMORY', 'USAGE', key)));
    const bytesPerSeries = Math.round(sizes.reduce((a, b) => a + Number(b), 0) / sizes.length);
    const exporter = spawn(process.execPath, [cli, 'metrics', '--redis-url', `redis://127.0.0.1:${server.port}/0`, '--listen', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const url = await new Promise((resolve, reject) => {
        let out = '';
        exporter.stdout.on('data', (chunk) => {
          out += chunk;
          const match = /serving (http:\/\/\S+\/metrics)/.exec(out);
          if (match) resolve(match[1]);
        });
        exporter.on('close', (code) => reject(new Error(`exporter exited ${code}: ${out}`)));
      });
      const scrapeTimes = [];
      let samples = 0;
      for (let i = 0; i < SCRAPES + 1; i++) {
        const started = performance.now();
        const text = await (await fetch(url)).text();
        if (i > 0) scrapeTimes.push(performance.now() - started);
        samples = text.split('\n').filter((line) => line && !line.startsWith('#')).length;
        if (!text.includes(`\nn8n_lock_recorded_series ${recorded}\n`)) throw new Error(`the scrape did not see ${recorded} recorded series`);
      }
      scrapeTimes.sort((a, b) => a - b);
      console.log(`bench: metrics_scrape recorded_series=${recorded} prometheus_series=${samples} scrapes=${SCRAPES} median_ms=${percentile(scrapeTimes, 0.5).toFixed(1)} max_ms=${scrapeTimes.at(-1).toFixed(1)} bytes_per_series=${bytesPerSeries}`);
    } finally {
      exporter.kill('SIGTERM');
    }
  }
  client.disconnect();
} finally {
  await stopRedis(server.child);
}
