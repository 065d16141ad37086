// The dashboard with 5,000 live locks (10,000 keys) and a few rate-limit windows, against a
// throwaway redis-server:
// - the server's time per update, measured on the built modules the command runs: the read of
//   Redis (readDashboard), building the state (dashboardState), and one page's part of it as the
//   JSON an event carries (pageOf + JSON.stringify: 50 rows, whatever the total);
// - the page in headless Chromium (Debian's, as in the e2e) served by the built `n8n-lock
//   dashboard`: time to its first 50 rows, time from typing a search to the matching rows, and the
//   browser's main-thread time per update while it runs (DevTools' TaskDuration over the updates).
//   npm run bench:dashboard      (builds first; BENCH_LOCKS=<n> for another count)
// Prints:
//   bench: dashboard_server locks=<n> keys=<k> updates=<u> read_median_ms=<m> read_max_ms=<m> build_median_ms=<m> page_json_median_ms=<m> event_bytes=<b>
//   bench: dashboard_page locks=<n> first_rows_ms=<m> search_ms=<m> main_thread_ms_per_update=<m> updates=<u>
import { performance } from 'node:perf_hooks';
import { startRedis } from '../../test/ops/support/redis-server.js';
import { startCliServer } from '../../test/support/cli-server.js';
import { launchChromium } from '../../test/e2e/harness/browser.js';

const LOCKS = Number(process.env.BENCH_LOCKS ?? 5000);
const UPDATES = 20;
const { openRedis } = await import('../../dist/ops/redis-client.js');
const { parseRedisUrl } = await import('../../dist/ops/redis-url.js');
const { readDashboard } = await import('../../dist/dashboard/read.js');
const { dashboardState, pageOf, pageQuery } = await import('../../dist/dashboard/view.js');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const redis = await startRedis();
try {
  const pipeline = redis.client.pipeline();
  const lockedAt = new Date().toISOString();
  for (let i = 0; i < LOCKS; i++) {
    const scope = `tenant-${String(i % 50).padStart(2, '0')}:invoice-${i}`;
    pipeline.set(`n8n-lock-${scope}`, '1', 'EX', 3600);
    pipeline.set(`n8n-lock-${scope}:meta`, JSON.stringify({ lock_id: String(100_000 + i), workflow_id: 'WfInvoices000001', workflow_name: 'Invoices', execution_id: String(100_000 + i), locked_at: lockedAt, fence: i + 1, engine: 'node' }), 'EX', 3600);
  }
  for (let i = 0; i < 20; i++) pipeline.zadd(`n8n-ratelimit-api-${i}:log`, Date.now() * 1000, `c${i}:1`).pexpire(`n8n-ratelimit-api-${i}:log`, 60_000);
  await pipeline.exec();
  const keys = await redis.client.dbsize();

  // The server's side, on the very modules the command runs.
  const client = await openRedis(parseRedisUrl(redis.url));
  const read: number[] = [];
  const build: number[] = [];
  const pageJson: number[] = [];
  let eventBytes = 0;
  for (let i = 0; i < UPDATES + 2; i++) {
    const started = performance.now();
    const reading = await readDashboard(client);
    const readAt = performance.now();
    const state = dashboardState(reading, { nowMs: Date.now(), readMs: readAt - started, redis: redis.url, n8nUrl: 'https://n8n.example.com', samples: [], latest: null });
    const builtAt = performance.now();
    const json = JSON.stringify(pageOf(state, pageQuery({})));
    const doneAt = performance.now();
    if (state.locks.length !== LOCKS) throw new Error(`read ${state.locks.length} locks, not ${LOCKS}`);
    if (i < 2) continue; // warm-up
    read.push(readAt - started);
    build.push(builtAt - readAt);
    pageJson.push(doneAt - builtAt);
    eventBytes = Buffer.byteLength(json);
  }
  client.disconnect();
  console.log(`bench: dashboard_server locks=${LOCKS} keys=${keys} updates=${UPDATES} read_median_ms=${median(read).toFixed(1)} read_max_ms=${Math.max(...read).toFixed(1)} build_median_ms=${median(build).toFixed(1)} page_json_median_ms=${median(pageJson).toFixed(2)} event_bytes=${eventBytes}`);

  // The page, served by the built command, in Chromium.
  const server = await startCliServer(['dashboard', '--redis-url', redis.url]);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const rows = 'section[aria-labelledby="locks-heading"] tbody tr';
    const started = performance.now();
    await page.goto(server.url);
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 50, rows, { polling: 'raf', timeout: 30_000 });
    const firstRows = performance.now() - started;
    const searched = performance.now();
    await page.fill('#search', 'tenant-07:invoice-4');
    await page.waitForFunction((selector) => [...document.querySelectorAll(`${selector} th`)].every((th) => th.textContent!.startsWith('tenant-07:invoice-4')) && document.querySelectorAll(selector).length > 0, rows, { polling: 'raf', timeout: 30_000 });
    const search = performance.now() - searched;
    await page.fill('#search', '');
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 50, rows, { polling: 'raf', timeout: 30_000 });
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!.value;
    const updateAt = () => page.evaluate(() => document.querySelector('.meta .muted')?.textContent ?? '');
    const before = await taskSeconds();
    let updates = 0;
    let last = await updateAt();
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      await page.waitForTimeout(100);
      const now = await updateAt();
      if (now !== last) updates++;
      last = now;
    }
    const perUpdate = ((await taskSeconds()) - before) * 1000 / Math.max(1, updates);
    console.log(`bench: dashboard_page locks=${LOCKS} first_rows_ms=${firstRows.toFixed(0)} search_ms=${search.toFixed(0)} main_thread_ms_per_update=${perUpdate.toFixed(1)} updates=${updates}`);
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  await redis.stop();
}
