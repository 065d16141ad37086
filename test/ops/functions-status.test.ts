// `n8n-lock functions status`: the built binary against a real redis-server, with a real consumer
// (the engine of the Function trigger) and hand-made trouble: a dead consumer, a dead letter, an
// old backlog.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startRedis, type TestRedis } from './support/redis-server.js';
import { runCliAsync } from './support/cli.js';
import { FunctionConsumer } from '../../n8n-nodes/lib/consumer';
import { consumersKey, deadLetterKey, GLOBAL_SCOPE, metaKey, responseKey, streamKey } from 'n8n-lock-protocol/functions';
import { functionStatus, type FunctionReading } from '../../src/ops/functions-status.js';

let redis: TestRedis;
let consumer: FunctionConsumer | undefined;
const clients: Redis[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await consumer?.stop(0);
  clients.forEach((c) => c.disconnect());
  await redis?.stop();
});
beforeEach(async () => {
  await consumer?.stop(0);
  consumer = undefined;
  await redis.client.flushall();
});

async function serve(name: string, consumerId = 'n8n-a:wf1:node1'): Promise<void> {
  const [a, b] = [new Redis({ port: redis.port }), new Redis({ port: redis.port })];
  clients.push(a, b);
  consumer = new FunctionConsumer(a, b, { functionName: name, scope: GLOBAL_SCOPE, workflowId: 'wf1', nodeId: 'node1', consumerId, parameters: [], callsInFlight: 4, maxDeliveries: 3, blockMs: 200 }, { run: () => new Promise(() => undefined) });
  await consumer.start();
}

const call = (name: string, id: string, sentMsAgo = 0) =>
  redis.client.xadd(streamKey(GLOBAL_SCOPE, name), `${Date.now() - sentMsAgo}-0`, 'callId', id, 'params', '{}', 'responseChannel', responseKey(GLOBAL_SCOPE, name, id), 'deadline', String(Date.now() + 600_000), 'depth', '1');

describe('n8n-lock functions status', () => {
  it('a served function with nothing waiting: ok, exit 0', async () => {
    await serve('enrich');
    const run = await runCliAsync(['functions', 'status', '--redis-url', redis.url]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines).toContain('FUNCTIONS: 1 function, 0 flagged, 0 calls waiting or running, 0 dead-lettered');
    expect(lines.find((l) => l.startsWith('enrich '))).toMatch(/^enrich\s+global\s+0\s+0\s+-\s+1 live \/ 1\s+0\s+ok$/);
    expect(lines.find((l) => l.startsWith('enrich ') && l.includes('n8n-a:wf1:node1'))).toMatch(/\d+s ago\s+0\s+4\s+live$/);
  });

  it('json: a dead consumer holding a call, an old backlog and a dead letter are flagged; exit 1', async () => {
    await serve('enrich');
    await consumer!.stop(0); // deregistered, as after a deactivation
    consumer = undefined;
    // A consumer that died holding a call: registered, heartbeat 2 minutes old.
    await redis.client.sadd(consumersKey(GLOBAL_SCOPE, 'enrich'), 'n8n-b:wf1:node1');
    await redis.client.hset(metaKey(GLOBAL_SCOPE, 'enrich', 'n8n-b:wf1:node1'), { functionName: 'enrich', workflowId: 'wf1', callsInFlight: '10', lastHeartbeat: String(Date.now() - 120_000) });
    await call('enrich', 'c1', 90_000);
    await redis.client.xreadgroup('GROUP', 'group:enrich', 'n8n-b:wf1:node1', 'COUNT', 1, 'STREAMS', streamKey(GLOBAL_SCOPE, 'enrich'), '>');
    await call('enrich', 'c2');
    await redis.client.xadd(deadLetterKey(GLOBAL_SCOPE, 'enrich'), '*', 'callId', 'c0', 'deadLetterReason', 'malformed');
    const run = await runCliAsync(['functions', 'status', '--redis-url', redis.url, '--format', 'json']);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.summary).toEqual({ functions: 1, flagged: 1, backlog: 2, dead_letters: 1 });
    const [enrich] = report.functions;
    expect(enrich).toMatchObject({ name: 'enrich', scope: GLOBAL_SCOPE, length: 2, pending: 1, live_consumers: 0, dead_letters: 1, flags: ['no-live-consumer', 'stale-consumer', 'old-backlog', 'dead-letters'] });
    expect(enrich.oldest_age_ms).toBeGreaterThanOrEqual(90_000);
    expect(enrich.consumers).toEqual([{ id: 'n8n-b:wf1:node1', heartbeat_age_ms: expect.any(Number), live: false, pending: 1, workflow_id: 'wf1', calls_in_flight: 10 }]);
  });

  it('--function filters by name; --max-age moves the backlog threshold', async () => {
    await serve('enrich');
    await call('enrich', 'c1', 5_000);
    await redis.client.xgroup('CREATE', streamKey('Wf0000000000001', 'other'), 'group:other', '0', 'MKSTREAM');
    const only = JSON.parse((await runCliAsync(['functions', 'status', '--redis-url', redis.url, '--format', 'json', '--function', 'enr*'])).stdout);
    expect(only.functions.map((f: { name: string }) => f.name)).toEqual(['enrich']);
    const strict = await runCliAsync(['functions', 'status', '--redis-url', redis.url, '--function', 'enrich', '--max-age', '1']);
    expect(strict.status).toBe(1);
    expect(strict.stdout).toMatch(/old-backlog: the oldest unanswered call is older than --max-age \(1s\)/);
  });

  it('bad input and an unreachable Redis: one line, exit 2', async () => {
    const badAge = await runCliAsync(['functions', 'status', '--redis-url', redis.url, '--max-age', 'soon']);
    expect(badAge.status).toBe(2);
    expect(badAge.stderr.trim().split('\n')).toHaveLength(1);
    expect(badAge.stderr).toMatch(/--max-age must be a whole number/);
    const unreachable = await runCliAsync(['functions', 'status', '--redis-url', 'redis://127.0.0.1:1/0']);
    expect(unreachable.status).toBe(2);
    expect(unreachable.stderr).toMatch(/cannot connect to Redis at redis:\/\/127\.0\.0\.1:1\/0: connection refused/);
  });
});

describe('functionStatus (pure)', () => {
  const reading = (over: Partial<FunctionReading>): FunctionReading => ({ stream: 's', scope: GLOBAL_SCOPE, name: 'f', length: 0, pending: 0, oldestId: null, consumers: [], deadLetters: 0, hasGroup: true, ...over });
  const meta = (lastHeartbeat: number) => ({ consumerId: 'c', functionName: 'f', scope: GLOBAL_SCOPE, workflowId: 'w', nodeId: 'n', parameters: [], callsInFlight: 1, createdAt: 0, lastHeartbeat });

  it.each([
    ['no consumers at all', reading({}), ['no-live-consumer']],
    ['one live consumer', reading({ consumers: [{ id: 'c', meta: meta(999_000), pending: 0 }] }), []],
    ['heartbeat exactly 30 s old is still live', reading({ consumers: [{ id: 'c', meta: meta(970_000), pending: 0 }] }), []],
    ['heartbeat 30.001 s old is stale', reading({ consumers: [{ id: 'c', meta: meta(969_999), pending: 0 }] }), ['no-live-consumer', 'stale-consumer']],
    ['registration gone', reading({ consumers: [{ id: 'c', meta: null, pending: 1 }, { id: 'd', meta: meta(999_000), pending: 0 }] }), ['stale-consumer']],
    ['backlog at the limit is fine, one ms more is old', reading({ oldestId: '940000-0', consumers: [{ id: 'd', meta: meta(999_000), pending: 0 }] }), []],
    ['backlog one ms over', reading({ oldestId: '939999-0', consumers: [{ id: 'd', meta: meta(999_000), pending: 0 }] }), ['old-backlog']],
  ])('%s', (_name, input, flags) => {
    expect(functionStatus(input, 1_000_000, 60_000).flags).toEqual(flags);
  });
});
