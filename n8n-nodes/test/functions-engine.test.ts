// The functions engine (consumer, caller, answer script) against a REAL redis-server started here.
// n8n is replaced by `run`, the one thing the Function trigger gives the consumer; the e2e suite
// runs the same code inside a real n8n.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startRedis, type TestRedis } from '../../test/ops/support/redis-server.js';
import { answerEntry, valueAnswer } from '../lib/answer';
import { callFunction, liveConsumerCount, type CallRequest } from '../lib/caller';
import { FunctionConsumer, type ConsumerConfig, type RunOutcome } from '../lib/consumer';
import { CALL_CONTEXT_FIELD, consumersKey, deadLetterKey, GLOBAL_SCOPE, metaKey, responseKey, streamKey, type CallContext } from 'n8n-lock-protocol/functions';

let redis: TestRedis;
const clients: Redis[] = [];
const consumers: FunctionConsumer[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(consumers.map((c) => c.stop(0)));
  clients.forEach((c) => c.disconnect());
  await redis?.stop();
});
beforeEach(async () => {
  await Promise.all(consumers.splice(0).map((c) => c.stop(0)));
  await redis.client.flushall();
});

function client(): Redis {
  const c = new Redis({ port: redis.port, host: '127.0.0.1', maxRetriesPerRequest: 0 });
  clients.push(c);
  return c;
}

type Run = (json: Record<string, unknown>, ctx: CallContext, redis: Redis) => Promise<RunOutcome>;

/** Answers like Return From Function: the value of the item, through the same answer script. */
const returns = (value: (json: Record<string, unknown>) => unknown): Run => async (json, ctx, r) => {
  await answerEntry(r, { stream: ctx.stream, group: ctx.group, messageId: ctx.messageId, callId: ctx.callId, deadline: ctx.deadline }, valueAnswer(ctx.callId, value(json)));
  return { status: 'success' };
};

async function startConsumer(name: string, run: Run, config: Partial<ConsumerConfig> = {}): Promise<FunctionConsumer> {
  const commands = client();
  const consumer = new FunctionConsumer(commands, client(), {
    functionName: name,
    scope: GLOBAL_SCOPE,
    workflowId: 'wf1',
    nodeId: 'node1',
    consumerId: `test:${name}:${consumers.length}`,
    parameters: [],
    callsInFlight: 10,
    maxDeliveries: 3,
    blockMs: 200,
    heartbeatMs: 100,
    ...config,
  }, { run: (json, ctx) => run(json, ctx, commands) });
  await consumer.start();
  consumers.push(consumer);
  return consumer;
}

const request = (functionName: string, params: Record<string, unknown> = {}, timeoutMs = 5_000): CallRequest => ({ functionName, scope: GLOBAL_SCOPE, params, timeoutMs, depth: 1, caller: 'test/1' });

describe('a call and its answer', () => {
  it('returns the value; the item carries the parameters and the call context', async () => {
    let seen: Record<string, unknown> | undefined;
    await startConsumer('double', returns((json) => {
      seen = json;
      return { doubled: Number(json.n) * 2 };
    }));
    const outcome = await callFunction(client(), request('double', { n: 21 }));
    expect(outcome).toMatchObject({ ok: true, value: { doubled: 42 } });
    expect(seen).toMatchObject({ n: 21, [CALL_CONTEXT_FIELD]: { functionName: 'double', depth: 1, deliveries: 1, stream: streamKey(GLOBAL_SCOPE, 'double') } });
    // Answered entries are acknowledged and deleted: the stream's length is the backlog.
    expect(await redis.client.xlen(streamKey(GLOBAL_SCOPE, 'double'))).toBe(0);
  });

  it('100 concurrent calls each get their own answer', async () => {
    await startConsumer('echo', returns((json) => json.i), { callsInFlight: 20 });
    const outcomes = await Promise.all(Array.from({ length: 100 }, (_, i) => callFunction(client(), request('echo', { i }))));
    expect(outcomes.map((o) => (o.ok ? o.value : o.message))).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('a failed execution answers its caller with the error at once', async () => {
    await startConsumer('boom', async () => ({ status: 'error', message: 'boom from Work' }));
    const outcome = await callFunction(client(), request('boom', {}, 20_000));
    expect(outcome).toMatchObject({ ok: false, kind: 'function-error', message: 'boom from Work' });
    expect(outcome.ms).toBeLessThan(5_000);
  });

  it('an execution that ends without Return From Function answers with that reason', async () => {
    await startConsumer('silent', async () => ({ status: 'success' }));
    expect(await callFunction(client(), request('silent'))).toMatchObject({ ok: false, kind: 'no-return', message: expect.stringMatching(/without reaching a Return From Function/) });
  });

  it('the first answer wins: Return From Function then a failure of the same execution answer once', async () => {
    await startConsumer('twice', async (json, ctx, r) => {
      await returns(() => 'first')(json, ctx, r);
      return { status: 'error', message: 'failed after returning' };
    });
    const c = client();
    const outcome = await callFunction(c, request('twice'));
    expect(outcome).toMatchObject({ ok: true, value: 'first' });
    expect(await c.llen(responseKey(GLOBAL_SCOPE, 'twice', (outcome as { callId: string }).callId))).toBe(0);
  });

  it('a call missing a declared parameter is answered with an error and not run', async () => {
    let runs = 0;
    await startConsumer('needs', async () => {
      runs++;
      return { status: 'success' };
    }, { parameters: ['contactId'] });
    expect(await callFunction(client(), request('needs', { other: 1 }))).toMatchObject({ ok: false, kind: 'missing-parameter', message: expect.stringContaining('"contactId"') });
    expect(runs).toBe(0);
  });
});

describe('under an ACL that restricts keys', () => {
  // The answer script passed "" as the dead-letter key when there was none: NOPERM on key "", the
  // caller saw only "did not answer within 5 s" and the call stayed pending.
  it('Return From Function answers with a user that may touch only the function keys', async () => {
    await redis.client.call('ACL', 'SETUSER', 'fnonly', 'on', '>pw', 'resetkeys', '~function:*', '+@all');
    try {
      const restricted = new Redis({ port: redis.port, host: '127.0.0.1', username: 'fnonly', password: 'pw', maxRetriesPerRequest: 0 });
      clients.push(restricted);
      const stream = streamKey(GLOBAL_SCOPE, 'acl');
      await redis.client.xgroup('CREATE', stream, 'group:acl', '0', 'MKSTREAM');
      const id = String(await redis.client.xadd(stream, '*', 'callId', 'c1'));
      await redis.client.xreadgroup('GROUP', 'group:acl', 'consumer-1', 'COUNT', 1, 'STREAMS', stream, '>');
      const answered = await answerEntry(restricted, { stream, group: 'group:acl', messageId: id, callId: 'c1', deadline: Date.now() + 5_000 }, valueAnswer('c1', { ok: true }));
      expect(answered).toBe(true);
      expect(await redis.client.lrange(responseKey(GLOBAL_SCOPE, 'acl', 'c1'), 0, -1)).toHaveLength(1);
      expect(await redis.client.xlen(stream)).toBe(0);
    } finally {
      await redis.client.call('ACL', 'DELUSER', 'fnonly');
    }
  });
});

describe('calls that cannot be served', () => {
  it('no live consumer: fails after the activation-order retry with that reason', async () => {
    const outcome = await callFunction(client(), request('nobody'));
    expect(outcome).toMatchObject({ ok: false, kind: 'no-consumer', message: expect.stringMatching(/No live consumer for function "nobody" \(global\)/) });
    expect(outcome.ms).toBeGreaterThanOrEqual(2_500);
    expect(outcome.ms).toBeLessThan(5_000);
    // Nothing was queued for nobody.
    expect(await redis.client.exists(streamKey(GLOBAL_SCOPE, 'nobody'))).toBe(0);
  });

  it('a consumer whose heartbeat is older than 30 s does not count as live', async () => {
    await redis.client.sadd(consumersKey(GLOBAL_SCOPE, 'stale'), 'gone');
    await redis.client.hset(metaKey(GLOBAL_SCOPE, 'stale', 'gone'), { functionName: 'stale', lastHeartbeat: String(Date.now() - 31_000) });
    expect(await liveConsumerCount(redis.client, GLOBAL_SCOPE, 'stale')).toBe(0);
  });

  it('timeout: the caller gets the timeout at its deadline; the consumer later answers the expired call and acks it', async () => {
    await startConsumer('slow', () => new Promise<RunOutcome>(() => undefined), { callsInFlight: 1 });
    const outcome = await callFunction(client(), request('slow', {}, 1_000));
    expect(outcome).toMatchObject({ ok: false, kind: 'timeout', message: expect.stringMatching(/did not answer within 1 s/) });
    expect(outcome.ms).toBeGreaterThanOrEqual(1_000);
    expect(outcome.ms).toBeLessThan(1_500);
    // The maintenance round answers it as expired once it is a grace past its deadline.
    await waitUntil(async () => (await redis.client.xlen(streamKey(GLOBAL_SCOPE, 'slow'))) === 0, 5_000);
    const answer = await redis.client.lrange(responseKey(GLOBAL_SCOPE, 'slow', (outcome as { callId: string }).callId), 0, -1);
    expect(JSON.parse(answer[0])).toMatchObject({ ok: false, error: { kind: 'expired' } });
  });

  it('a call whose deadline passed before it was read is answered as expired, not run', async () => {
    let runs = 0;
    const c = client();
    await c.xgroup('CREATE', streamKey(GLOBAL_SCOPE, 'late'), 'group:late', '0', 'MKSTREAM');
    await c.xadd(streamKey(GLOBAL_SCOPE, 'late'), '*', 'callId', 'c-late', 'params', '{}', 'responseChannel', responseKey(GLOBAL_SCOPE, 'late', 'c-late'), 'deadline', String(Date.now() - 1), 'depth', '1');
    await startConsumer('late', async () => {
      runs++;
      return { status: 'success' };
    });
    const [, text] = (await c.blpop(responseKey(GLOBAL_SCOPE, 'late', 'c-late'), 5))!;
    expect(JSON.parse(text)).toMatchObject({ ok: false, error: { kind: 'expired' } });
    expect(runs).toBe(0);
  });

  it('a message that does not parse is dead-lettered with its reason and the loop goes on', async () => {
    const c = client();
    await startConsumer('robust', returns(() => 'fine'));
    await c.xadd(streamKey(GLOBAL_SCOPE, 'robust'), '*', 'callId', 'c-bad', 'params', '{not json', 'responseChannel', responseKey(GLOBAL_SCOPE, 'robust', 'c-bad'), 'deadline', String(Date.now() + 5_000));
    await c.xadd(streamKey(GLOBAL_SCOPE, 'robust'), '*', 'garbage', 'yes');
    const [, text] = (await c.blpop(responseKey(GLOBAL_SCOPE, 'robust', 'c-bad'), 5))!;
    expect(JSON.parse(text)).toMatchObject({ ok: false, error: { kind: 'malformed', message: expect.stringMatching(/params is not JSON/) } });
    await waitUntil(async () => (await c.xlen(deadLetterKey(GLOBAL_SCOPE, 'robust'))) === 2, 3_000);
    const dead = (await c.xrange(deadLetterKey(GLOBAL_SCOPE, 'robust'), '-', '+')).map(([, fields]) => fields[fields.indexOf('deadLetterReason') + 1]);
    expect(dead).toEqual([expect.stringMatching(/^malformed: params is not JSON/), expect.stringMatching(/^malformed: callId is missing/)]);
    expect(await callFunction(c, request('robust'))).toMatchObject({ ok: true, value: 'fine' });
  });

  it('a response channel other than the call\'s own is refused, so a message cannot make a consumer write any key', async () => {
    const c = client();
    await startConsumer('guarded', returns(() => 'x'));
    await c.xadd(streamKey(GLOBAL_SCOPE, 'guarded'), '*', 'callId', 'c1', 'params', '{}', 'responseChannel', 'n8n-lock-billing', 'deadline', String(Date.now() + 5_000));
    await waitUntil(async () => (await c.xlen(deadLetterKey(GLOBAL_SCOPE, 'guarded'))) === 1, 3_000);
    expect(await c.exists('n8n-lock-billing')).toBe(0);
  });
});

describe('crashes, reclaim and shutdown', () => {
  it('the calls of a consumer without heartbeat are claimed by a live one and answered exactly once', async () => {
    // A consumer that takes calls and never finishes them, then dies (its heartbeat stops).
    const dying = await startConsumer('work', () => new Promise<RunOutcome>(() => undefined), { consumerId: 'dying', liveWithinMs: 500 });
    const c = client();
    const calls = Array.from({ length: 5 }, (_, i) => callFunction(client(), request('work', { i }, 10_000)));
    await waitUntil(async () => dying.callsRunning === 5, 3_000);
    await dying.stop(0); // deregisters: from now on nobody heartbeats for "dying"
    consumers.splice(consumers.indexOf(dying), 1);
    const pending = (await c.xpending(streamKey(GLOBAL_SCOPE, 'work'), 'group:work', '-', '+', 10)) as unknown[][];
    expect(pending.map((row) => row[1])).toEqual(Array(5).fill('dying'));
    let runs = 0;
    await startConsumer('work', returns((json) => {
      runs++;
      return json.i;
    }), { consumerId: 'rescuer', liveWithinMs: 500 });
    const outcomes = await Promise.all(calls);
    expect(outcomes.map((o) => (o.ok ? o.value : o.message))).toEqual([0, 1, 2, 3, 4]);
    expect(runs).toBe(5);
    // Nothing pending, the dead consumer is forgotten.
    await waitUntil(async () => (await c.smembers(consumersKey(GLOBAL_SCOPE, 'work'))).join() === 'rescuer', 3_000);
    expect(await c.xpending(streamKey(GLOBAL_SCOPE, 'work'), 'group:work')).toEqual([0, null, null, null]);
  });

  it('a restarted consumer (same id) takes back its own pending calls at once', async () => {
    const first = await startConsumer('resume', () => new Promise<RunOutcome>(() => undefined), { consumerId: 'stable' });
    const call = callFunction(client(), request('resume', { v: 'x' }, 10_000));
    await waitUntil(async () => first.callsRunning === 1, 3_000);
    await first.stop(0);
    consumers.splice(consumers.indexOf(first), 1);
    await startConsumer('resume', returns((json) => json[CALL_CONTEXT_FIELD]), { consumerId: 'stable' });
    const outcome = await call;
    expect(outcome).toMatchObject({ ok: true, value: { deliveries: 2 } });
  });

  it('a call delivered more than Max Deliveries times is dead-lettered and its caller told', async () => {
    const c = client();
    await c.xgroup('CREATE', streamKey(GLOBAL_SCOPE, 'poison'), 'group:poison', '0', 'MKSTREAM');
    await c.xadd(streamKey(GLOBAL_SCOPE, 'poison'), '*', 'callId', 'c-poison', 'params', '{}', 'responseChannel', responseKey(GLOBAL_SCOPE, 'poison', 'c-poison'), 'deadline', String(Date.now() + 60_000), 'depth', '1');
    // Three deliveries to consumers that crashed.
    await c.xreadgroup('GROUP', 'group:poison', 'crashed-0', 'COUNT', 1, 'STREAMS', streamKey(GLOBAL_SCOPE, 'poison'), '>');
    const [[id]] = await c.xrange(streamKey(GLOBAL_SCOPE, 'poison'), '-', '+');
    for (const consumer of ['crashed-1', 'crashed-2']) await c.xclaim(streamKey(GLOBAL_SCOPE, 'poison'), 'group:poison', consumer, 0, id);
    await startConsumer('poison', returns(() => 'ran'), { maxDeliveries: 3, liveWithinMs: 500 });
    const [, text] = (await c.blpop(responseKey(GLOBAL_SCOPE, 'poison', 'c-poison'), 5))!;
    expect(JSON.parse(text)).toMatchObject({ ok: false, error: { kind: 'dead-letter', message: expect.stringMatching(/delivered 4 times \(maximum 3\)/) } });
    expect(await c.xlen(deadLetterKey(GLOBAL_SCOPE, 'poison'))).toBe(1);
  });

  it('stop removes only this consumer: the group, the other consumers and their calls stay', async () => {
    const a = await startConsumer('shared', returns(() => 'a'), { consumerId: 'a' });
    await startConsumer('shared', returns(() => 'b'), { consumerId: 'b' });
    await a.stop(0);
    const c = client();
    expect(await c.smembers(consumersKey(GLOBAL_SCOPE, 'shared'))).toEqual(['b']);
    expect(await c.exists(metaKey(GLOBAL_SCOPE, 'shared', 'a'))).toBe(0);
    expect(await c.exists(metaKey(GLOBAL_SCOPE, 'shared', 'b'))).toBe(1);
    const groups = (await c.xinfo('GROUPS', streamKey(GLOBAL_SCOPE, 'shared'))) as unknown[][];
    expect(groups.length).toBe(1);
    expect(await callFunction(c, request('shared'))).toMatchObject({ ok: true, value: 'b' });
  });

  it('stop returns at once even while the reader is blocked in a long read slice', async () => {
    const consumer = await startConsumer('quiet', returns(() => 1), { blockMs: 5_000 });
    const started = Date.now();
    await consumer.stop(0);
    expect(Date.now() - started).toBeLessThan(1_000);
    consumers.splice(consumers.indexOf(consumer), 1);
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('two live consumers reclaiming at once', () => {
  it('a dead consumer\'s call is claimed by one of them only, and runs once', async () => {
    const dying = await startConsumer('race', () => new Promise<RunOutcome>(() => undefined), { consumerId: 'gone', liveWithinMs: 300 });
    const call = callFunction(client(), request('race', { v: 1 }, 10_000));
    await waitUntil(async () => dying.callsRunning === 1, 3_000);
    await dying.stop(0);
    consumers.splice(consumers.indexOf(dying), 1);
    let runs = 0;
    const run = returns(() => {
      runs++;
      return 'once';
    });
    await Promise.all([startConsumer('race', run, { consumerId: 'a', liveWithinMs: 300, heartbeatMs: 50 }), startConsumer('race', run, { consumerId: 'b', liveWithinMs: 300, heartbeatMs: 50 })]);
    expect(await call).toMatchObject({ ok: true, value: 'once' });
    await new Promise((r) => setTimeout(r, 500));
    expect(runs).toBe(1);
  });
});
