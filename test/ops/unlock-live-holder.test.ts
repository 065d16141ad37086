// unlock of a lock whose holder execution still runs (issue 38, finding 4): the built binary
// against a real redis-server and a real HTTP server that answers like n8n 2.41's
// GET /api/v1/executions/{id} (404 {"message":"Not Found"} for an id it has no row for).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { semaphoreKeys, SEMAPHORE_ACQUIRE_SCRIPT } from 'n8n-lock-protocol/semaphore';
import { sidecarPrefix } from 'n8n-lock-protocol/native-lock';
import { startRedis, type TestRedis } from './support/redis-server.js';
import { runCliAsync } from './support/cli.js';
import { meta } from './fixtures.js';

const KEY = 'test-api-key';
let redis: TestRedis;
let n8n: Server;
let n8nUrl: string;
/** execution id -> what n8n has for it; absent: 404. */
const executions = new Map<string, Record<string, unknown>>();
const asked: string[] = [];
let repo: string;

beforeAll(async () => {
  redis = await startRedis();
  n8n = createServer((req, res) => {
    const match = /^\/api\/v1\/executions\/([^/?]+)$/.exec(req.url ?? '');
    if (req.headers['x-n8n-api-key'] !== KEY) return void res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'unauthorized' }));
    if (!match) return void res.writeHead(404).end();
    asked.push(match[1]);
    const execution = executions.get(match[1]);
    res.writeHead(execution ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(execution ?? { message: 'Not Found' }));
  });
  await new Promise<void>((resolve) => n8n.listen(0, '127.0.0.1', resolve));
  n8nUrl = `http://127.0.0.1:${(n8n.address() as AddressInfo).port}`;
  repo = mkdtempSync(join(tmpdir(), 'n8n-lock-unlock-live-'));
  mkdirSync(join(repo, 'envs'));
  writeFileSync(join(repo, 'envs', 'prod.yml'), `name: prod\nn8n: { url: "${n8nUrl}" }\nredis: { url: "${redis.url}" }\n`);
});
afterAll(async () => {
  await redis?.stop();
  await new Promise<void>((resolve) => (n8n ? n8n.close(() => resolve()) : resolve()));
  if (repo) rmSync(repo, { recursive: true, force: true });
});
beforeEach(async () => {
  await redis.client.flushall();
  executions.clear();
  asked.length = 0;
  await redis.client.multi().set('n8n-lock-billing', '1', 'EX', 600).set('n8n-lock-billing:meta', meta('4711', new Date(Date.now() - 65_000).toISOString()), 'EX', 600).exec();
});

const execution = (status: string, extra: Record<string, unknown> = {}) => ({ id: '4711', finished: false, mode: 'webhook', status, startedAt: '2026-11-27T17:00:00.000Z', stoppedAt: null, waitTill: null, workflowId: 'AbCdEf0123456789', ...extra });
const unlock = (args: string[], env: Record<string, string | undefined> = { N8N_API_KEY: KEY }) => runCliAsync(['unlock', 'billing', ...args], env);
const held = () => redis.client.exists('n8n-lock-billing', 'n8n-lock-billing:meta');

describe('unlock --lock-id asks n8n whether the holder still runs', () => {
  it.each([
    ['running', {}, /is still running: n8n at http:\/\/127\.0\.0\.1:\d+ says it is running since 2026-11-27T17:00:00\.000Z/],
    ['new', {}, /says it is new/],
    ['waiting', { waitTill: '2026-11-28T09:00:00.000Z' }, /says it is waiting since .*, waiting until 2026-11-28T09:00:00\.000Z/],
  ])('%s: refused, exit 1, nothing deleted, and it says what freeing it would do', async (status, extra, said) => {
    executions.set('4711', execution(status, extra));
    const run = await unlock(['--lock-id', '4711', '--redis-url', redis.url, '--n8n-url', n8nUrl]);
    expect([run.status, run.stdout]).toEqual([1, '']);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^unlock: 'billing' is held by Invoice Sync \(workflow AbCdEf0123456789, execution 4711\), which /);
    expect(lines[0]).toMatch(said);
    expect(lines[1]).toBe(`unlock: freeing its lock lets the next waiter in while execution 4711 still works; its own release then fails with "LOGIC ERROR: lock on 'billing' is held by ... not by lock_id 4711", and its caller gets an error although its work finished`);
    expect(lines[2]).toBe('unlock: refused, nothing deleted; wait for it to end (or stop it in n8n), or rerun with --force to free it anyway');
    expect(lines).toHaveLength(3);
    expect(await held()).toBe(2);
    expect(asked).toEqual(['4711']);
  });

  it('--force frees a running holder, after saying what happens to it', async () => {
    executions.set('4711', execution('running'));
    const run = await unlock(['--lock-id', '4711', '--force', '--redis-url', redis.url, '--n8n-url', n8nUrl]);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/still running.*\n.*LOGIC ERROR.*\nunlock: --force: freeing it anyway\nunlock: 'billing' is free \(2 keys deleted\)\n$/);
    expect(await held()).toBe(0);
  });

  it.each(['error', 'crashed', 'canceled', 'success'])('an execution that ended (%s): freed, with one line saying so', async (status) => {
    executions.set('4711', execution(status, { finished: status === 'success', stoppedAt: '2026-11-27T17:05:00.000Z' }));
    const run = await unlock(['--lock-id', '4711', '--redis-url', redis.url, '--n8n-url', n8nUrl]);
    expect(run.status).toBe(0);
    expect(run.stderr.split('\n')[0]).toMatch(new RegExp(`^unlock: execution 4711 of 'billing' is over: n8n at http://127\\.0\\.0\\.1:\\d+ says it ended \\(${status} at 2026-11-27T17:05:00\\.000Z\\)$`));
    expect(await held()).toBe(0);
  });

  it('n8n has no such execution (404): cannot tell, so refused without --force', async () => {
    const run = await unlock(['--lock-id', '4711', '--redis-url', redis.url, '--n8n-url', n8nUrl]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^unlock: cannot tell whether Invoice Sync .*execution 4711\), which holds 'billing', still runs: n8n at .* has no execution 4711 this API key can read/);
    expect(run.stderr).toContain('unlock: refused, nothing deleted; rerun with --force once you know it has stopped');
    expect(await held()).toBe(2);
  });

  it('no n8n to ask: refused, and the line says what to add', async () => {
    const run = await unlock(['--lock-id', '4711', '--redis-url', redis.url], {});
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/still runs: no n8n to ask \(pass --n8n-url, or --env <name> whose file has n8n\.url/);
    expect(await held()).toBe(2);
  });

  it('--dry-run makes the same decision', async () => {
    executions.set('4711', execution('running'));
    const run = await unlock(['--lock-id', '4711', '--dry-run', '--redis-url', redis.url, '--n8n-url', n8nUrl]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('refused, nothing deleted');
  });

  it('--env: the Redis and the n8n of the env file', async () => {
    executions.set('4711', execution('running'));
    const run = await unlock(['--lock-id', '4711', '--env', 'prod', '--cwd', repo]);
    expect(run.status).toBe(1);
    expect(run.stderr.split('\n').slice(0, 2)).toEqual([`unlock: Redis redis://127.0.0.1:${redis.port}/0 (from envs/prod.yml)`, expect.stringContaining('is still running')]);
    expect(asked).toEqual(['4711']);
  });

  it('--env whose n8n.url has no key to go with it: cannot tell (not exit 2), so --force still works', async () => {
    executions.set('4711', execution('running'));
    const refused = await unlock(['--lock-id', '4711', '--env', 'prod', '--cwd', repo], {});
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`still runs: the --env file names n8n at ${n8nUrl}, but there is no API key to ask it with (N8N_API_KEY or --api-key-file)`);
    expect(await held()).toBe(2);
    const forced = await unlock(['--lock-id', '4711', '--force', '--env', 'prod', '--cwd', repo], {});
    expect(forced.status).toBe(0);
    expect(await held()).toBe(0);
    expect(asked).toEqual([]);
  });

  it('--force alone on a running holder warns and frees; on an orphan without a sidecar nobody is asked', async () => {
    executions.set('4711', execution('running'));
    const run = await unlock(['--force', '--redis-url', redis.url, '--n8n-url', n8nUrl]);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('is still running');
    await redis.client.set('n8n-lock-orphan', '1');
    asked.length = 0;
    const orphan = await runCliAsync(['unlock', 'orphan', '--force', '--redis-url', redis.url, '--n8n-url', n8nUrl], { N8N_API_KEY: KEY });
    expect([orphan.status, orphan.stderr]).toEqual([0, "unlock: 'orphan' is free (1 key deleted)\n"]);
    expect(asked).toEqual([]);
  });

  it('a semaphore permit whose holder runs is refused too', async () => {
    await redis.client.flushall();
    const [holders, sidecars, fence] = semaphoreKeys('openai-api');
    await redis.client.eval(SEMAPHORE_ACQUIRE_SCRIPT, 3, holders, sidecars, fence, '60000', '3', '4712', sidecarPrefix({ lock_id: '4712', workflow_id: 'Wf1', workflow_name: 'Enrich', execution_id: '4712', locked_at: new Date().toISOString() }));
    executions.set('4712', { ...execution('running'), id: '4712' });
    const run = await runCliAsync(['unlock', 'openai-api', '--lock-id', '4712', '--redis-url', redis.url, '--n8n-url', n8nUrl], { N8N_API_KEY: KEY });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("'openai-api' is held by Enrich (workflow Wf1, execution 4712");
    expect(await redis.client.zcard(holders)).toBe(1);
  });
});

describe('bad input: one line, exit 2, nothing deleted', () => {
  it('an n8n URL without an API key', async () => {
    const run = await unlock(['--lock-id', '4711', '--redis-url', redis.url, '--n8n-url', n8nUrl], {});
    expect([run.status, run.stdout, run.stderr]).toEqual([2, '', 'n8n-lock: no API key: set N8N_API_KEY or pass --api-key-file <file> (n8n: Settings > n8n API)\n']);
    expect(await held()).toBe(2);
  });

  it('a wrong API key: n8n refuses, which is "cannot tell", not "finished"', async () => {
    const run = await unlock(['--lock-id', '4711', '--redis-url', redis.url, '--n8n-url', n8nUrl], { N8N_API_KEY: 'wrong' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/cannot tell .*asking n8n failed: read execution 4711: n8n refused the API key \(401/);
    expect(await held()).toBe(2);
  });
});
