// Metrics in a real n8n 2.41: the package's nodes record while they run (main or workers), `n8n-lock
// metrics` serves it, and a real Prometheus scrapes it every second during the lock, semaphore,
// rate-limit and function scenarios. PromQL must answer the scenarios' own counts, every query of
// the shipped Grafana dashboard must return data, and each mode prints
//   metrics: mode=<m> series=<n> acquisitions=<prom>/<actual> rate_decisions=<prom>/<actual> function_calls=<prom>/<actual> scrape_ms=<ms>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { log, selectedModes, sleep, waitFor, type E2eMode, type N8nServer, type RedisServer } from '../harness/index.js';
import { useStack } from '../harness/vitest.js';
import { PrometheusServer, SCRAPE_INTERVAL_S } from '../harness/prometheus.js';
import { consumersKey, GLOBAL_SCOPE } from 'n8n-lock-protocol/functions';
import { METRICS_SCAN_PATTERN } from 'n8n-lock-protocol/metrics';
import { startExporterProcess, type ExporterProcess } from '../../metrics/support/exporter.js';
import { dashboardQueries } from '../../metrics/support/dashboard.js';
import { ROOT } from '../../support/paths.js';
import { LOCK_SCOPE_PARAMETER, METRICS_WEBHOOKS, METRICS_WORKFLOW_IDS as IDS, metricsWorkflows } from './metrics-fixtures.js';

export function defineMetricsSuite(mode: E2eMode): void {
  const selected = selectedModes().includes(mode);
  if (!selected) log(`metrics scenarios in ${mode} mode: not selected (N8N_LOCK_E2E_MODE=${process.env.N8N_LOCK_E2E_MODE})`);

  describe.skipIf(!selected)(`metrics: n8n 2.x + redis-server + Prometheus, ${mode} mode`, () => {
    const stack = useStack({ name: `n8n-lock-e2e-metrics-${mode}`, mode, nodePackage: true, workflows: metricsWorkflows(), webhookPaths: METRICS_WEBHOOKS });
    let n8n: N8nServer;
    let redis: RedisServer;
    let exporter: ExporterProcess;
    const prometheus = new PrometheusServer();
    const startedS = Date.now() / 1000;
    const actual = { acquisitions: 0, rateDecisions: 0, functionCalls: 0 };

    beforeAll(async () => {
      if (!stack.current) return;
      ({ n8n, redis } = stack.current);
      exporter = await startExporterProcess(['--redis-url', `redis://127.0.0.1:${redis.port}/0`]);
      await prometheus.start(stack.current.dir, `127.0.0.1:${exporter.port}`);
      await waitFor('the Function trigger to register', 60_000, async () => ((await redis.client.scard(consumersKey(GLOBAL_SCOPE, 'mx-double'))) > 0 ? true : undefined), 250);
      await waitFor('a first scrape', 30_000, async () => ((await prometheus.scalar('n8n_lock_up')) === 1 ? true : undefined), 250);
    });
    afterAll(async () => {
      await prometheus.stop();
      await exporter?.stop();
    });

    /** Waves a few seconds apart, so the counters rise across scrapes (rate() sees the rise). */
    async function waves<T>(count: number, size: number, call: (i: number) => Promise<T>): Promise<T[]> {
      const results: T[] = [];
      for (let wave = 0; wave < count; wave++) {
        results.push(...(await Promise.all(Array.from({ length: size }, (_, i) => call(wave * size + i)))));
        await sleep(2 * SCRAPE_INTERVAL_S * 1000);
      }
      return results;
    }

    /** Prometheus has scraped what Redis holds now: the recorded series count matches, twice. */
    async function scraped(): Promise<void> {
      await sleep(3 * SCRAPE_INTERVAL_S * 1000);
    }

    it('the scenarios run while Prometheus scrapes: lock, semaphore, a long hold, rate limit, function calls', async () => {
      const hold = n8n.call('mx-hold');
      const locks = await waves(3, 6, (i) => n8n.call('mx-lock', { k: String(i % 2) }));
      const semaphore = await waves(2, 4, () => n8n.call('mx-semaphore'));
      // One call first, so the rate-limit series exists before the next wave raises it (rate() needs a rise it saw).
      const rate = [...(await waves(1, 1, () => n8n.call('mx-rate'))), ...(await waves(2, 3, () => n8n.call('mx-rate')))];
      const calls = await waves(3, 4, (n) => n8n.call('mx-call', { n: String(n) }));
      const held = await hold;
      for (const response of [...locks, ...semaphore, ...rate, ...calls, held]) expect(response.status).toBe(200);
      expect(calls.map((r) => r.body.functionResult?.doubled)).toEqual(calls.map((_, n) => 2 * n));
      const allowed = rate.filter((r) => r.body.rate_limit?.allowed === true).length;
      expect(allowed).toBe(3);
      actual.acquisitions = locks.length + semaphore.length + 1;
      actual.rateDecisions = rate.length;
      actual.functionCalls = calls.length;
      await scraped();
    });

    it('PromQL answers the scenarios\' own counts', async () => {
      const lock = `workflow_id="${IDS.lock}"`;
      const acquisitions = await prometheus.scalar('sum(n8n_lock_acquisitions_total{result="acquired"})');
      const waitCount = await prometheus.scalar('sum(n8n_lock_wait_seconds_count)');
      const holdCount = await prometheus.scalar('sum(n8n_lock_hold_seconds_count)');
      const rateDecisions = await prometheus.scalar('sum(n8n_lock_rate_limit_decisions_total)');
      const denied = await prometheus.scalar('sum(n8n_lock_rate_limit_decisions_total{outcome="denied"})');
      const functionCalls = await prometheus.scalar('sum(n8n_lock_function_calls_total{outcome="answered"})');
      const deliveries = await prometheus.scalar('sum(n8n_lock_function_deliveries_total)');
      const series = await prometheus.scalar('n8n_lock_recorded_series');
      const scrapeMs = (await prometheus.scalar('scrape_duration_seconds{job="n8n-lock"}')) * 1000;
      log(`metrics: mode=${mode} series=${series} acquisitions=${acquisitions}/${actual.acquisitions} rate_decisions=${rateDecisions}/${actual.rateDecisions} function_calls=${functionCalls}/${actual.functionCalls} scrape_ms=${scrapeMs.toFixed(1)}`);
      expect(acquisitions).toBe(actual.acquisitions);
      expect(waitCount).toBe(actual.acquisitions);
      expect(holdCount).toBe(actual.acquisitions);
      expect(rateDecisions).toBe(actual.rateDecisions);
      expect(denied).toBe(actual.rateDecisions - 3);
      expect(functionCalls).toBe(actual.functionCalls);
      expect(deliveries).toBe(actual.functionCalls);
      // One series per node, labelled by the raw scope: the mutex's two keys made one series.
      const mutex = await prometheus.query(`n8n_lock_acquisitions_total{${lock},result="acquired"}`);
      expect(mutex.map((s) => [s.metric.node, s.metric.scope, s.value[1]])).toEqual([['Acquire', LOCK_SCOPE_PARAMETER, '18']]);
      // One per node that records: Acquire and Release of the lock, the semaphore and the hold, the Rate Limit node, the caller, the Function trigger.
      expect(series).toBe(9);
      // What one series costs in Redis.
      const keys = await redis.client.keys(METRICS_SCAN_PATTERN);
      const bytes = await Promise.all(keys.map((key) => redis.client.call('MEMORY', 'USAGE', key) as Promise<number>));
      log(`metrics: mode=${mode} series_keys=${keys.length} bytes_per_series=${Math.round(bytes.reduce((a, b) => a + b, 0) / keys.length)} max_bytes=${Math.max(...bytes)}`);
    });

    it('the live state was seen while it lasted: a held lock against its TTL, a full semaphore, the function\'s consumer', async () => {
      const nowS = Date.now() / 1000;
      const ttlUsed = await prometheus.queryRange(`max by (workflow_id) (n8n_lock_hold_ttl_used_ratio{workflow_id="${IDS.hold}"})`, startedS, nowS);
      expect(Math.max(...ttlUsed.flatMap((s) => s.values.map(([, v]) => Number(v))))).toBeGreaterThan(0.3);
      const fill = await prometheus.queryRange(`max(n8n_lock_semaphore_fullest_ratio{workflow_id="${IDS.semaphore}"})`, startedS, nowS);
      expect(Math.max(...fill.flatMap((s) => s.values.map(([, v]) => Number(v))))).toBe(1);
      expect(await prometheus.scalar('sum(n8n_lock_function_consumers{function="mx-double"})')).toBeGreaterThanOrEqual(1);
    });

    it('every query of the Grafana dashboard returns data', async () => {
      const dashboard = JSON.parse(readFileSync(join(ROOT, 'deploy', 'grafana', 'n8n-lock.json'), 'utf8'));
      const nowS = Date.now() / 1000;
      const empty: string[] = [];
      const queries = dashboardQueries(dashboard, '5s');
      for (const query of queries) {
        const result = await prometheus.queryRange(query.expr, startedS, nowS);
        const numbers = result.flatMap((s) => s.values.map(([, v]) => Number(v))).filter((v) => Number.isFinite(v));
        if (numbers.length === 0) empty.push(`${query.panel} ${query.refId}: ${query.expr}`);
      }
      log(`metrics: mode=${mode} dashboard_queries=${queries.length} with_data=${queries.length - empty.length}`);
      expect(empty).toEqual([]);
    });
  });
}
