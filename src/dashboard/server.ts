// The dashboard's HTTP side (Hono on Node's http server): the page and its bundled assets, the live
// state as server-sent events (each page gets its own search and page of it), and the actions.
//   GET  /                      the page          GET /assets/app.js, app.css   the bundle
//   GET  /events?q=&page=&size= the state, at every update (event "state")
//   GET  /api/state?q=&page=    the same, once, as JSON
//   POST /api/unlock/preview    the unlock's dry run      POST /api/unlock   the unlock
//   POST /api/queues/retry      every dead job of a queue back to it
// Every action is logged on stderr: when, what, who (the operator's name as typed, the address,
// the token's fingerprint) and the outcome.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { InputError } from '../errors.js';
import type { Liveness } from '../ops/holder-liveness.js';
import type { Holder } from '../ops/status.js';
import { boundAddress, listenOn, type ListenAddress } from '../metrics/listen.js';
import { operatorOf, parseRetryAsk, parseUnlockAsk, retryAction, unlockAction } from './actions.js';
import { checkAction, checkRead, tokenFingerprint, type RequestFacts, type Verdict } from './auth.js';
import { pageHtml, SECURITY_HEADERS } from './html.js';
import type { LiveDashboard } from './live.js';
import type { DashboardSettings } from './settings.js';
import { pageOf, pageQuery } from './view.js';

export interface DashboardServerOptions {
  settings: DashboardSettings;
  live: LiveDashboard;
  version: string;
  askN8n: (holder: Holder) => Promise<Liveness>;
  log: (line: string) => void;
  /** Where the bundled page lives (default: assets/ beside this module, built by scripts/build-dashboard.mjs). */
  assetsDir?: string;
}

export interface DashboardServer {
  address: ListenAddress;
  close(): Promise<void>;
}

interface Asset {
  body: string;
  type: string;
}

function loadAssets(dir: string | undefined): { assets: Map<string, Asset>; version: string } {
  const candidates = dir ? [dir] : [fileURLToPath(new URL('./assets/', import.meta.url)), fileURLToPath(new URL('../../dist/dashboard/assets/', import.meta.url))];
  const found = candidates.find((candidate) => existsSync(`${candidate}/app.js`));
  if (!found) throw new Error(`the dashboard's page is not built (no app.js in ${candidates.join(' or ')}): run npm run build`);
  const assets = new Map<string, Asset>([
    ['app.js', { body: readFileSync(`${found}/app.js`, 'utf8'), type: 'text/javascript; charset=utf-8' }],
    ['app.css', { body: readFileSync(`${found}/app.css`, 'utf8'), type: 'text/css; charset=utf-8' }],
  ]);
  const version = createHash('sha256').update([...assets.values()].map((a) => a.body).join('\0')).digest('hex').slice(0, 12);
  return { assets, version };
}

const factsOf = (c: Context): RequestFacts => ({ method: c.req.method, headers: Object.fromEntries(c.req.raw.headers.entries()) });

function refuse(c: Context, verdict: Exclude<Verdict, { ok: true }>) {
  for (const [name, value] of Object.entries(verdict.headers ?? {})) c.header(name, value);
  return c.json({ ok: false, error: verdict.why }, verdict.status);
}

export function dashboardApp(options: DashboardServerOptions): Hono {
  const { settings, live, log } = options;
  const { assets, version } = loadAssets(options.assetsDir);
  const config = { actions: settings.allowActions && settings.token !== null, intervalMs: settings.intervalMs, n8nUrl: settings.n8nUrl, redis: live.display, version: options.version };
  const app = new Hono();

  app.use('*', async (c, next) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
    if (c.req.path === '/healthz') return next();
    const verdict = checkRead(factsOf(c), settings);
    if (!verdict.ok) return refuse(c, verdict);
    return next();
  });

  app.get('/healthz', (c) => c.text('ok\n'));
  app.get('/', (c) => c.html(pageHtml(config, version)));
  app.get('/assets/:name', (c) => {
    const asset = assets.get(c.req.param('name'));
    if (!asset) return c.text('not found\n', 404);
    c.header('content-type', asset.type);
    c.header('cache-control', 'public, max-age=31536000, immutable');
    return c.body(asset.body);
  });
  app.get('/api/state', (c) => c.json(pageOf(live.state, pageQuery({ q: c.req.query('q'), page: c.req.query('page'), size: c.req.query('size') }))));
  app.get('/events', (c) => {
    const query = pageQuery({ q: c.req.query('q'), page: c.req.query('page'), size: c.req.query('size') });
    return streamSSE(c, async (stream) => {
      let sending = Promise.resolve();
      const send = (state: typeof live.state) => {
        sending = sending.then(() => stream.writeSSE({ event: 'state', data: JSON.stringify(pageOf(state, query)) })).catch(() => {});
      };
      const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
      send(live.state);
      const unsubscribe = live.subscribe(send);
      await closed;
      unsubscribe();
    });
  });

  /** Runs an action after the checks, logs it, and answers its result (or why it could not run). */
  const action = (name: string, run: (c: Context, body: unknown, who: string) => Promise<{ status?: number; answer: Record<string, unknown>; what: string }>) =>
    app.post(`/api/${name}`, async (c) => {
      const verdict = checkAction(factsOf(c), settings);
      const address = getConnInfo(c).remote.address ?? '?';
      if (!verdict.ok) {
        log(`n8n-lock dashboard: ${new Date().toISOString()} refused ${name} from ${address}: ${verdict.why}`);
        return refuse(c, verdict);
      }
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return c.json({ ok: false, error: 'the body is not JSON' }, 400);
      }
      const operator = operatorOf(body);
      const who = `${operator ? JSON.stringify(operator) : 'an operator who gave no name'} at ${address}, token ${tokenFingerprint(settings.token!)}`;
      try {
        const { status, answer, what } = await run(c, body, who);
        log(`n8n-lock dashboard: ${new Date().toISOString()} ${name} ${what} (by ${who})`);
        return c.json(answer, (status ?? 200) as 200);
      } catch (error) {
        const message = error instanceof InputError ? error.message : `Redis at ${live.display}: ${(error as Error).message}`;
        log(`n8n-lock dashboard: ${new Date().toISOString()} ${name} failed: ${message} (by ${who})`);
        return c.json({ ok: false, error: message }, error instanceof InputError ? 409 : 503);
      }
    });

  const unlock = (dryRun: boolean) => async (_c: Context, body: unknown) => {
    const ask = parseUnlockAsk(body);
    if (typeof ask === 'string') return { status: 400, answer: { ok: false, error: ask }, what: `rejected: ${ask}` };
    const answer = await unlockAction(await live.connection(), ask, dryRun, options.askN8n);
    if (!dryRun) void live.update(); // every page sees the change at once, not at the next tick
    return { answer: { ...answer }, what: `scope=${JSON.stringify(ask.scope)} lock_id=${JSON.stringify(ask.lockId)}${ask.force ? ' force' : ''}: ${answer.needsForce ? 'refused (holder may run)' : (answer.outcome ?? 'refused')}` };
  };
  action('unlock/preview', unlock(true));
  action('unlock', unlock(false));
  action('queues/retry', async (_c, body) => {
    const ask = parseRetryAsk(body);
    if (typeof ask === 'string') return { status: 400, answer: { ok: false, error: ask }, what: `rejected: ${ask}` };
    const answer = await retryAction(await live.connection(), ask);
    void live.update();
    return { answer, what: `queue=${JSON.stringify(ask.queue)}: ${answer.lines.join(' ')}` };
  });
  // Any other POST: the same refusal a read-only dashboard gives, so a probe learns nothing more.
  app.post('*', (c) => {
    const verdict = checkAction(factsOf(c), settings);
    return verdict.ok ? c.json({ ok: false, error: 'no such action' }, 404) : refuse(c, verdict);
  });
  return app;
}

export async function startDashboardServer(options: DashboardServerOptions): Promise<DashboardServer> {
  const app = dashboardApp(options);
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  await listenOn(server, options.settings.listen);
  return {
    address: boundAddress(server),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}
