// The dashboard's server in this process against a REAL redis-server: the page, its bundle, the
// state as JSON and as server-sent events; read-only answers every POST with 403; with actions,
// unlock shows its dry run, then frees the lock by the lock_id the page drew, and a lock whose
// holder changed in between is refused naming the new holder (the check and the delete are one
// Lua script); every action is logged; a Redis that cannot be read is the page's cause.
import { afterEach, describe, expect, it } from 'vitest';
import { useRedisServer } from '../ops/support/use-redis-server.js';
import { freePort } from '../ops/support/redis-server.js';
import { parseRedisUrl } from '../../src/ops/redis-url.js';
import { askN8n } from '../../src/ops/unlock-run.js';
import { NO_N8N_URL } from '../../src/ops/holder-liveness.js';
import { dashboardSettings } from '../../src/dashboard/settings.js';
import { LiveDashboard } from '../../src/dashboard/live.js';
import { startDashboardServer } from '../../src/dashboard/server.js';
import { TOKEN_HEADER } from '../../src/dashboard/auth.js';
import type { DashboardPage } from '../../src/dashboard/view.js';
import { meta } from '../ops/fixtures.js';

const redis = useRedisServer();
const TOKEN = 'server-test-token-0123456789';
const running: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((stop) => stop()));
});

async function dashboard(options: { actions?: boolean; url?: string } = {}) {
  const logs: string[] = [];
  const log = (line: string) => logs.push(line);
  const settings = dashboardSettings({ listen: '127.0.0.1:0', allowActions: Boolean(options.actions), token: options.actions ? TOKEN : undefined, intervalMs: 200 });
  const live = new LiveDashboard({ target: parseRedisUrl(options.url ?? `redis://127.0.0.1:${redis.port}/0`), source: '--redis-url' }, { intervalMs: 200, n8nUrl: null, log });
  const server = await startDashboardServer({ settings, live, version: 'test', askN8n: (holder) => askN8n(holder, { why: NO_N8N_URL }), log });
  await live.start();
  running.push(async () => {
    live.stop();
    await server.close();
  });
  const base = `http://127.0.0.1:${server.address.port}`;
  const post = async (path: string, body: unknown, headers: Record<string, string> = { [TOKEN_HEADER]: TOKEN }) => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: response.status, json: (await response.json()) as Record<string, any> };
  };
  const state = async (query = '') => (await (await fetch(`${base}/api/state${query}`)).json()) as DashboardPage;
  return { base, live, logs, post, state };
}

async function hold(scope: string, lockId: string, workflowName = 'Invoice Sync') {
  await redis.client.set(`n8n-lock-${scope}`, '1', 'EX', 300);
  await redis.client.set(`n8n-lock-${scope}:meta`, meta(lockId, new Date(Date.now() - 5000).toISOString(), { workflow_name: workflowName }), 'EX', 300);
}

describe('n8n-lock dashboard server', () => {
  it('serves the page, its bundle, the state and the event stream; read-only refuses every POST', async () => {
    await hold('billing', '4711');
    const { base, post, state } = await dashboard();
    const page = await fetch(`${base}/`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(html).toMatch(/<script type="module" src="\/assets\/app\.js\?v=[0-9a-f]{12}">/);
    expect(JSON.parse(/<script type="application\/json" id="config">(.*?)<\/script>/.exec(html)![1])).toMatchObject({ actions: false, intervalMs: 200 });
    const script = await fetch(`${base}/assets/app.js`);
    expect([script.status, script.headers.get('content-type'), (await script.text()).length > 10_000]).toEqual([200, 'text/javascript; charset=utf-8', true]);
    expect((await fetch(`${base}/assets/nope.js`)).status).toBe(404);
    expect((await state()).locks.rows.map((l) => [l.scope, l.holder?.lockId])).toEqual([['billing', '4711']]);

    const controller = new AbortController();
    const events = await fetch(`${base}/events?q=bill`, { signal: controller.signal });
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = events.body!.getReader();
    let text = '';
    while (!/event: state\ndata: .*\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(JSON.parse(/data: (.*)\n/.exec(text)![1])).toMatchObject({ search: 'bill', locks: { matching: 1 } });

    for (const path of ['/api/unlock', '/api/unlock/preview', '/api/queues/retry', '/api/anything']) {
      const refused = await post(path, { scope: 'billing', lockId: '4711' });
      expect([path, refused.status, refused.json.error]).toEqual([path, 403, expect.stringMatching(/^read-only/)]);
    }
    expect(await redis.client.exists('n8n-lock-billing')).toBe(1);
  });

  it('unlock: the dry run first (deleting nothing), then the lock the page drew is freed, and both are logged', async () => {
    await hold('billing', '4711');
    const { post, logs } = await dashboard({ actions: true });
    const preview = await post('/api/unlock/preview', { scope: 'billing', lockId: '4711', operator: 'ann' });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ outcome: 'deleted', dryRun: true, ok: false, needsForce: true });
    expect(preview.json.lines).toContain("unlock: dry run, nothing deleted; 'billing' would be freed");
    expect(await redis.client.exists('n8n-lock-billing', 'n8n-lock-billing:meta')).toBe(2);
    const done = await post('/api/unlock', { scope: 'billing', lockId: '4711', force: true, operator: 'ann' });
    expect(done.json).toMatchObject({ outcome: 'deleted', dryRun: false, ok: true });
    expect(done.json.lines.at(-1)).toBe("unlock: 'billing' is free (2 keys deleted)");
    expect(await redis.client.exists('n8n-lock-billing', 'n8n-lock-billing:meta')).toBe(0);
    expect(logs.filter((l) => / unlock/.test(l))).toEqual([
      expect.stringMatching(/^n8n-lock dashboard: \d{4}-\d\d-\d\dT[\d:.]+Z unlock\/preview scope="billing" lock_id="4711": refused \(holder may run\) \(by "ann" at 127\.0\.0\.1, token sha256:[0-9a-f]{8}\)$/),
      expect.stringMatching(/ unlock scope="billing" lock_id="4711" force: deleted \(by "ann" at 127\.0\.0\.1, token sha256:[0-9a-f]{8}\)$/),
    ]);
  });

  it('a lock whose holder changed since the page drew it is refused, naming the new holder; nothing is freed', async () => {
    await hold('billing', '4711');
    const { post } = await dashboard({ actions: true });
    expect((await post('/api/unlock/preview', { scope: 'billing', lockId: '4711' })).json.outcome).toBe('deleted');
    await hold('billing', '4712', 'Refund Sync'); // 4711 released, 4712 took it
    const refused = await post('/api/unlock', { scope: 'billing', lockId: '4711', force: true });
    expect(refused.json).toMatchObject({ outcome: 'mismatch', ok: false });
    expect(refused.json.lines).toEqual([expect.stringMatching(/^unlock: refused, 'billing' is held by Refund Sync \(workflow AbCdEf0123456789, execution 4712\), lock_id 4712, for \d+s, not by lock_id 4711; nothing deleted$/)]);
    expect(JSON.parse((await redis.client.get('n8n-lock-billing:meta'))!).lock_id).toBe('4712');
  });

  it('refuses a forged or malformed action', async () => {
    await hold('billing', '4711');
    const { post } = await dashboard({ actions: true });
    expect((await post('/api/unlock', { scope: 'billing', lockId: '4711', force: true }, {})).status).toBe(403);
    expect((await post('/api/unlock', { scope: 'billing', lockId: '4711', force: true }, { [TOKEN_HEADER]: TOKEN, origin: 'http://evil.example' })).status).toBe(403);
    expect((await post('/api/unlock', { scope: 'billing' })).json).toEqual({ ok: false, error: 'lockId must be a non-empty string: the page unlocks only the holder it drew' });
    expect((await post('/api/queues/retry', { queue: 'nope' })).json.error).toMatch(/no queue named "nope"/);
    expect(await redis.client.exists('n8n-lock-billing')).toBe(1);
  });

  it('a Redis that cannot be read is the page\'s cause, naming where the URL came from', async () => {
    const { state, logs } = await dashboard({ url: `redis://127.0.0.1:${await freePort()}/0` });
    const page = await state();
    expect([page.up, page.error]).toEqual([false, expect.stringMatching(/^cannot connect to Redis at redis:\/\/127\.0\.0\.1:\d+\/0: connection refused .*\(the URL is from --redis-url\); retrying every 200 ms$/)]);
    expect(logs[0]).toMatch(/^n8n-lock dashboard: Redis unreadable: cannot connect/);
  });
});

describe('stopping while a connection opens', () => {
  // A client that finished opening after stop() stayed open and kept `n8n-lock dashboard` alive
  // after SIGTERM. Every update here starts with no client, so stop() lands while one opens.
  it('closes the client that opens after stop(): none is left on the server', async () => {
    const clients = async () => String(await redis.client.call('CLIENT', 'LIST')).trim().split('\n').length;
    const before = await clients();
    for (let i = 0; i < 20; i++) {
      const live = new LiveDashboard({ target: parseRedisUrl(`redis://127.0.0.1:${redis.port}/0`), source: '--redis-url' }, { intervalMs: 200, n8nUrl: null, log: () => undefined });
      const updating = live.update();
      live.stop();
      await updating;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await clients()).toBe(before);
  });
});
