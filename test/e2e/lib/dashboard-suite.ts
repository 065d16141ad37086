// The dashboard in a real browser while a real n8n 2.41 runs the package's nodes: headless Chromium
// (Debian's, driven by playwright-core) watches `n8n-lock dashboard` as a person would. A lock an
// execution takes appears within 2 s and leaves within 2 s of its release; a stuck lock (its
// holder's process SIGKILLed) is freed from the page by keyboard alone, and the execution waiting
// for it then proceeds; a read-only dashboard has no unlock control and answers a forged POST with
// 403; with Redis stopped the page says why and recovers by itself; axe-core finds no serious or
// critical violation. Screenshots go to test/e2e/screenshots/ (not committed). Each mode prints
//   dashboard: mode=<m> appear_ms=<a> leave_ms=<l> unlock=ok forged_post=403 redis_down=shown recovered=yes axe_serious=0
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumersKey, GLOBAL_SCOPE } from 'n8n-lock-protocol/functions';
import { Background, log, requireRedisServer, selectedModes, sleep, waitFor, type E2eMode, type N8nServer, type RedisServer } from '../harness/index.js';
import { createApiKey } from '../harness/api-key.js';
import { axeViolations, launchChromium, tabTo, type Browser } from '../harness/browser.js';
import { useStack } from '../harness/vitest.js';
import { startCliServer, type CliServer } from '../../support/cli-server.js';
import { ROOT } from '../../support/paths.js';
import { BRIEF_HOLD_S, DASHBOARD_WEBHOOKS, dashboardWorkflows, FUNCTION_NAME } from './dashboard-fixtures.js';

export const SCREENSHOTS = join(ROOT, 'test', 'e2e', 'screenshots');
const TOKEN = 'e2e-dashboard-token-0123456789';

/** Resolves with the time `check` first held, polling every `everyMs`. */
async function firstTime(what: string, timeoutMs: number, check: () => Promise<boolean>, everyMs = 10): Promise<number> {
  return waitFor(what, timeoutMs, async () => ((await check()) ? Date.now() : undefined), everyMs);
}

/** The page shows a row of the locks table for `scope` (true) or none (false). */
const lockRowShown = (page: Page, scope: string) => page.evaluate((s) => [...document.querySelectorAll('section[aria-labelledby="locks-heading"] tbody th.scope')].some((th) => th.textContent === s), scope);

export function defineDashboardSuite(mode: E2eMode): void {
  const selected = selectedModes().includes(mode);
  if (!selected) log(`dashboard scenarios in ${mode} mode: not selected (N8N_LOCK_E2E_MODE=${process.env.N8N_LOCK_E2E_MODE})`);

  describe.skipIf(!selected)(`dashboard: n8n 2.x + redis-server + headless Chromium, ${mode} mode`, () => {
    const stack = useStack({ name: `n8n-lock-e2e-dashboard-${mode}`, mode, nodePackage: true, workflows: dashboardWorkflows(), webhookPaths: DASHBOARD_WEBHOOKS });
    let n8n: N8nServer;
    let redis: RedisServer;
    let acting: CliServer;
    let readOnly: CliServer;
    let browser: Browser;
    let page: Page;
    let readOnlyPage: Page;
    let revivedRedis: Background | undefined;
    const result = { appear: NaN, leave: NaN, unlock: 'not-run', forged: 'not-run', redisDown: 'not-run', recovered: 'not-run', axeSerious: NaN };
    const shot = (target: Page, name: string) => target.screenshot({ path: join(SCREENSHOTS, `${mode}-${name}.png`) });

    beforeAll(async () => {
      if (!stack.current) return;
      ({ n8n, redis } = stack.current);
      mkdirSync(SCREENSHOTS, { recursive: true });
      const url = `redis://127.0.0.1:${redis.port}/0`;
      // One dashboard with actions (flags), one read-only (its URL from its variable).
      // Its API key may read executions: unlock asks n8n whether the holder still runs.
      const apiKey = await createApiKey(n8n.baseUrl, ['execution:read'], 'n8n-lock dashboard e2e');
      acting = await startCliServer(['dashboard', '--redis-url', url, '--n8n-url', n8n.baseUrl, '--allow-actions'], { N8N_LOCK_DASHBOARD_TOKEN: TOKEN, N8N_API_KEY: apiKey });
      readOnly = await startCliServer(['dashboard'], { N8N_LOCK_DASHBOARD_REDIS_URL: url, N8N_LOCK_DASHBOARD_TOKEN: undefined });
      browser = await launchChromium();
      page = await browser.newPage();
      readOnlyPage = await browser.newPage();
      await Promise.all([page.goto(acting.url), readOnlyPage.goto(readOnly.url)]);
      await Promise.all([page.waitForSelector('#locks-heading'), readOnlyPage.waitForSelector('#locks-heading')]);
      await waitFor('the Function trigger to register', 60_000, async () => ((await redis.client.scard(consumersKey(GLOBAL_SCOPE, FUNCTION_NAME))) > 0 ? true : undefined), 250);
    });
    afterAll(async () => {
      await browser?.close();
      for (const server of [acting, readOnly]) if (server) log(`dashboard stderr (${server.url}):\n${server.stderr().trim()}`);
      await acting?.stop();
      await readOnly?.stop();
      await revivedRedis?.stop(5000);
    });

    it('a lock taken by an execution appears within 2 s and leaves within 2 s of its release; the read-only page has no unlock control', async () => {
      const taken = firstTime('db-brief to be taken in Redis', 30_000, async () => (await redis.client.exists('n8n-lock-db-brief')) === 1);
      const shown = firstTime('db-brief to be shown', 30_000, () => lockRowShown(page, 'db-brief'), 20);
      expect((await n8n.call('db-brief')).status).toBe(200);
      const [takenAt, shownAt] = await Promise.all([taken, shown]);
      result.appear = shownAt - takenAt;
      await firstTime('db-brief on the read-only page', 5_000, () => lockRowShown(readOnlyPage, 'db-brief'), 20);
      const controls = await readOnlyPage.locator('button', { hasText: 'Unlock' }).count();
      const released = firstTime('db-brief to be released in Redis', (BRIEF_HOLD_S + 30) * 1000, async () => (await redis.client.exists('n8n-lock-db-brief')) === 0);
      const gone = firstTime('db-brief to leave the page', (BRIEF_HOLD_S + 30) * 1000, async () => !(await lockRowShown(page, 'db-brief')), 20);
      const [releasedAt, goneAt] = await Promise.all([released, gone]);
      result.leave = goneAt - releasedAt;
      log(`dashboard: mode=${mode} lock db-brief shown ${result.appear} ms after it was taken, gone ${result.leave} ms after its release; unlock controls on the read-only page: ${controls}`);
      expect(controls).toBe(0);
      expect(result.appear).toBeLessThan(2000);
      expect(result.leave).toBeLessThan(2000);
    });

    it('rate limits and functions are shown as they run', async () => {
      for (let i = 0; i < 4; i++) expect((await n8n.call('db-rate')).status).toBe(200);
      for (let n = 1; n <= 2; n++) expect((await n8n.call('db-call', { n: String(n) })).body.functionResult?.doubled).toBe(2 * n);
      await page.locator('section[aria-labelledby="rate-heading"] th.scope', { hasText: 'db-api' }).waitFor({ timeout: 5_000 });
      await page.locator('section[aria-labelledby="functions-heading"] th.scope', { hasText: FUNCTION_NAME }).waitFor({ timeout: 5_000 });
      const usage = await page.locator('section[aria-labelledby="rate-heading"] tbody tr').first().locator('td').nth(1).textContent();
      log(`dashboard: mode=${mode} rate limit db-api: ${usage}`);
      await page.locator('#rate-heading').scrollIntoViewIfNeeded();
      await shot(page, 'rate-limits-and-functions');
    });

    it('a stuck lock (its holder SIGKILLed) is freed from the page by keyboard alone, and the waiting execution then proceeds', async () => {
      expect((await n8n.call('db-stuck')).status).toBe(200);
      const meta = await waitFor('db-stuck to be held', 30_000, async () => {
        const raw = await redis.client.get('n8n-lock-db-stuck:meta');
        return raw ? (JSON.parse(raw) as { execution_id: string; lock_id: string }) : undefined;
      });
      if (mode === 'queue') {
        const worker = await waitFor(`the worker running execution ${meta.execution_id}`, 10_000, async () => n8n.workerOf(meta.execution_id));
        await worker.kill();
        log(`dashboard: mode=${mode} SIGKILLed ${worker.name}, which ran the holder of db-stuck (execution ${meta.execution_id})`);
      } else {
        await n8n.kill();
        log(`dashboard: mode=${mode} SIGKILLed n8n, which ran the holder of db-stuck (execution ${meta.execution_id}); starting it again`);
        await n8n.start(DASHBOARD_WEBHOOKS);
      }
      const waiter = n8n.call('db-wait', {}, { timeoutMs: 150_000 });
      await waitFor('the waiter to block on db-stuck', 60_000, async () => ((await page.locator('#waiters').textContent()) !== '0' ? true : undefined), 100);
      await shot(page, 'held-lock-with-waiters');

      // Keyboard only: the token form, then the row's Unlock button, then the dialog's confirmation.
      await page.locator('body').focus();
      expect(await tabTo(page, (el) => el.id === 'token')).toBe(true);
      await page.keyboard.type(TOKEN);
      expect(await tabTo(page, (el) => el.id === 'operator')).toBe(true);
      await page.keyboard.type('e2e operator');
      await page.keyboard.press('Enter');
      await page.locator('button', { hasText: 'Unlock…' }).first().waitFor({ timeout: 5_000 });
      expect(await tabTo(page, (el) => (el.label ?? '').startsWith('Unlock db-stuck '))).toBe(true);
      await page.keyboard.press('Enter');
      const confirm = page.locator('dialog button.danger');
      await confirm.waitFor({ timeout: 10_000 });
      const preview = await page.locator('dialog pre.lines').textContent();
      log(`dashboard: mode=${mode} the unlock's dry run, shown before it is confirmed:\n${preview}`);
      expect(preview).toContain("'db-stuck' would be freed");
      result.axeSerious = 0;
      const dialogViolations = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      result.axeSerious += dialogViolations.length;
      await shot(page, 'unlock-dry-run');
      expect(await tabTo(page, (el) => el.tag === 'button' && /^Unlock( anyway)?$/.test(el.text), 10)).toBe(true);
      await page.keyboard.press('Enter');
      const done = await page.locator('dialog pre.lines.ok').textContent({ timeout: 10_000 });
      expect(done).toContain("'db-stuck' is free");
      const proceeded = await waiter;
      log(`dashboard: mode=${mode} unlocked from the page; the waiter answered HTTP ${proceeded.status} in ${proceeded.ms.toFixed(0)} ms`);
      expect(proceeded.status).toBe(200);
      expect(acting.stderr()).toMatch(/unlock scope="db-stuck" lock_id="[^"]+"( force)?: deleted \(by "e2e operator" at 127\.0\.0\.1, token sha256:[0-9a-f]{8}\)/);
      result.unlock = 'ok';
      await page.keyboard.press('Escape');
    });

    it('without the token there is no unlock control, and a forged POST gets 403', async () => {
      const forged = { scope: 'db-stuck', lockId: '1' };
      const fromReadOnlyPage = await readOnlyPage.evaluate(
        (body) => fetch('/api/unlock', { method: 'POST', headers: { 'content-type': 'application/json', 'x-n8n-lock-token': 'e2e-dashboard-token-0123456789' }, body: JSON.stringify(body) }).then((r) => r.status),
        forged,
      );
      const post = (headers: Record<string, string>) => fetch(`${acting.url}api/unlock`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(forged) }).then((r) => r.status);
      const noToken = await post({});
      const wrongToken = await post({ 'x-n8n-lock-token': 'not-the-token-at-all-0000' });
      const crossOrigin = await post({ 'x-n8n-lock-token': TOKEN, origin: 'http://evil.example' });
      log(`dashboard: mode=${mode} forged POSTs: read-only page ${fromReadOnlyPage}, no token ${noToken}, wrong token ${wrongToken}, cross-origin ${crossOrigin}`);
      expect([fromReadOnlyPage, noToken, wrongToken, crossOrigin]).toEqual([403, 403, 403, 403]);
      expect(await readOnlyPage.locator('button', { hasText: 'Unlock' }).count()).toBe(0);
      result.forged = '403';
    });

    it('axe-core finds no serious or critical violation on either page', async () => {
      const violations = [...(await axeViolations(page)), ...(await axeViolations(readOnlyPage))];
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      log(`dashboard: mode=${mode} axe: ${violations.length} violation(s)${violations.length ? `: ${violations.map((v) => `${v.id} (${v.impact}, ${v.nodes} nodes)`).join(', ')}` : ''}`);
      result.axeSerious = (Number.isNaN(result.axeSerious) ? 0 : result.axeSerious) + serious.length;
      expect(result.axeSerious).toBe(0);
    });

    it('with Redis stopped the page shows the cause, then recovers by itself when Redis returns', async () => {
      const port = redis.port;
      await redis.stop();
      const banner = readOnlyPage.locator('#redis-down');
      await banner.waitFor({ timeout: 10_000 });
      const cause = await banner.textContent();
      log(`dashboard: mode=${mode} with Redis stopped the page says: ${cause}`);
      expect(cause).toMatch(/connection refused/); // the cause, not the dropped connection's 'closed'
      expect(cause).toContain('N8N_LOCK_DASHBOARD_REDIS_URL');
      result.redisDown = 'shown';
      await shot(readOnlyPage, 'redis-down');
      revivedRedis = new Background('redis-server (again)', requireRedisServer(), ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', stack.need().dir], { env: process.env, logFile: join(stack.need().dir, 'redis-again.log') });
      const back = Date.now();
      await banner.waitFor({ state: 'detached', timeout: 20_000 });
      await page.locator('.pill.ok').waitFor({ timeout: 20_000 });
      result.recovered = 'yes';
      log(`dashboard: mode=${mode} Redis back on port ${port}: both pages live again ${Date.now() - back} ms later`);
      await sleep(100);
      log(`dashboard: mode=${mode} appear_ms=${result.appear} leave_ms=${result.leave} unlock=${result.unlock} forged_post=${result.forged} redis_down=${result.redisDown} recovered=${result.recovered} axe_serious=${result.axeSerious}`);
    });
  });
}
