// The built nodes' execute/trigger methods with a stand-in for n8n's context, against a REAL
// redis-server: bad input fails with an error naming the parameter and writes nothing; a call goes
// from Call Function through a Function trigger to Return From Function and back. The e2e suite
// runs the same files inside a real n8n.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { Redis } from 'ioredis';
import { hasOpenssl, makeTestCertificates, startRedis, type TestRedis, type TlsFiles } from '../../test/ops/support/redis-server.js';
import { useRedisServer } from '../../test/ops/support/use-redis-server.js';
import { CALL_CONTEXT_FIELD } from 'n8n-lock-protocol/functions';
import { loadNode } from './support/load-node.js';
import { stubExecuteContext, stubTriggerContext, type ExecuteContextOptions } from './support/execute-context.js';

// The Lock node's pooled connections (its own bundle's pool) end with the server.
const redis = useRedisServer();

/** The parts of IExecuteFunctions the nodes use, against this file's server. */
const executeContext = (parameters: Record<string, unknown>, items: Array<Record<string, unknown>>, options: ExecuteContextOptions = {}) => stubExecuteContext(redis.port, parameters, items, options);

const keysInRedis = async () => (await redis.client.keys('*')).sort();

describe('Call Function: bad input fails naming the parameter, and writes nothing to Redis', () => {
  const call = (parameters: Record<string, unknown>, options?: { credential?: boolean; continueOnFail?: boolean }) =>
    loadNode('CallFunction').execute.call(executeContext({ functionName: 'double', scope: 'global', parameters: '{}', timeout: 5, options: {}, ...parameters }, [{ n: 1 }], options));

  it.each([
    ['malformed Parameters JSON', { parameters: '{"n": ' }, /^Parameter "Parameters" is not valid JSON/],
    ['Parameters that are not an object', { parameters: '[1, 2]' }, /^Parameter "Parameters" must be a JSON object, got an array/],
    ['a function name the key scheme cannot carry', { functionName: 'crm:enrich' }, /^Parameter "Function Name" contains ":"/],
    ['an empty function name', { functionName: '  ' }, /^Parameter "Function Name" is empty/],
    ['a zero timeout', { timeout: 0 }, /^Parameter "Timeout \(Seconds\)" must be a number above 0/],
  ])('%s', async (_label, parameters, message) => {
    await expect(call(parameters)).rejects.toThrow(message);
    expect(await keysInRedis()).toEqual([]);
  });

  it('a missing credential', async () => {
    await expect(call({}, { credential: false })).rejects.toThrow(/^Parameter "Credential to connect with" has no usable Redis credential/);
    expect(await keysInRedis()).toEqual([]);
  });

  it('continue on fail: the bad item becomes an error item', async () => {
    const [[item]] = await call({ parameters: 'nope' }, { continueOnFail: true });
    expect(item.json).toMatchObject({ n: 1, error: expect.stringMatching(/^Parameter "Parameters" is not valid JSON/) });
    expect(await keysInRedis()).toEqual([]);
  });

  it('a call deeper than Max Call Depth fails before anything is sent', async () => {
    const deep = { n: 1, [CALL_CONTEXT_FIELD]: { callId: 'c', stream: 'function:stream:__global__:f', group: 'group:f', messageId: '1-0', depth: 3 } };
    const context = executeContext({ functionName: 'double', parameters: '{}', timeout: 5, options: { maxDepth: 3 } }, [deep]);
    await expect(loadNode('CallFunction').execute.call(context)).rejects.toThrow(/^Call depth 4 exceeds the maximum of 3 \(parameter "Max Call Depth"\)/);
    expect(await keysInRedis()).toEqual([]);
  });
});

describe('Return From Function', () => {
  it('an item without a call context: a clear error, nothing written', async () => {
    const context = executeContext({ respondWith: 'item' }, [{ a: 1 }]);
    await expect(loadNode('ReturnFromFunction').execute.call(context)).rejects.toThrow(/^Item 0 carries no function call to answer/);
    expect(await keysInRedis()).toEqual([]);
  });
});

describe('Function trigger', () => {
  const triggerContext = (parameters: Record<string, unknown>, emit?: (data: any, response: unknown, done: any) => void) => stubTriggerContext(redis.port, { scope: 'global', parameters: {}, options: {}, ...parameters }, emit);

  it.each([
    ['a function name the key scheme cannot carry', { functionName: 'a b' }, /^Parameter "Function Name" contains " "/],
    ['calls in flight of 0', { functionName: 'f', options: { callsInFlight: 0 } }, /^Parameter "Calls in Flight" must be a whole number of at least 1/],
  ])('%s: fails to activate naming the parameter, writes nothing', async (_label, parameters, message) => {
    await expect(loadNode('Function').trigger.call(triggerContext(parameters))).rejects.toThrow(message);
    expect(await keysInRedis()).toEqual([]);
  });

  it('serves a call from Call Function; Return From Function answers it; closing removes only itself', async () => {
    const returnNode = loadNode('ReturnFromFunction');
    const fn = loadNode('Function');
    const emitted: Array<Record<string, unknown>> = [];
    const trigger = await fn.trigger.call(
      triggerContext({ functionName: 'double', parameters: { parameter: [{ name: 'n' }] } }, (data, _response, done) => {
        const json = data[0][0].json;
        emitted.push(json);
        // The function's workflow: Return From Function with the item, then the run ends.
        returnNode.execute
          .call(executeContext({ respondWith: 'json', value: { doubled: json.n * 2 } }, [json]))
          .then(() => done.resolve({ status: 'success', data: { resultData: {} } }));
      }),
    );
    try {
      const [[item]] = await loadNode('CallFunction').execute.call(executeContext({ functionName: 'double', parameters: { n: 21 }, timeout: 5, options: {} }, [{ n: 21 }]));
      expect(item.json).toEqual({ n: 21, functionResult: { doubled: 42 } });
      expect(emitted[0]).toMatchObject({ n: 21, [CALL_CONTEXT_FIELD]: { functionName: 'double', depth: 1 } });
    } finally {
      await trigger.closeFunction();
    }
    // Besides the stream, the two nodes' metrics series (the call's outcome, the trigger's delivery).
    expect(await keysInRedis()).toEqual(['function:stream:{__global__:double}', expect.stringMatching(/^n8n-lock:metrics:function_c/), expect.stringMatching(/^n8n-lock:metrics:function_c/)]);
    expect(await redis.client.xinfo('GROUPS', 'function:stream:{__global__:double}')).toHaveLength(1);
  });
});

describe('Lock node', () => {
  const lock = (parameters: Record<string, unknown>, options: { port?: number; credential?: Record<string, unknown> } = {}) => {
    const context = {
      ...executeContext({ lockId: 'L1', ttlSeconds: 60, waitTillLockReleased: true, maxWaitSeconds: 5, options: {}, ...parameters }, [{ a: 1 }, { a: 2 }]),
      getCredentials: async () => ({ host: '127.0.0.1', port: options.port ?? redis.port, database: 0, ...options.credential }),
      onExecutionFinish: () => undefined,
    };
    return loadNode('Lock').execute.call(context);
  };

  it('acquire passes the items through with the lock in `lock`; release takes the field away again', async () => {
    const [acquired] = await lock({ operation: 'acquire', scope: 'crm-1' });
    expect(acquired.map((i: any) => i.json.a)).toEqual([1, 2]);
    expect(acquired[0].json.lock).toMatchObject({ acquired: true, scope: 'crm-1', lock_id: 'L1', fence: expect.any(Number), execution_id: '42', workflow_id: 'Wf00000000000001' });
    const [released] = await loadNode('Lock').execute.call({ ...executeContext({ operation: 'release', scope: 'crm-1', lockId: 'L1', options: {} }, acquired.map((i: any) => i.json)), getCredentials: async () => ({ host: '127.0.0.1', port: redis.port }) });
    expect(released.map((i: any) => i.json)).toEqual([{ a: 1 }, { a: 2 }]);
    expect(await keysInRedis()).toEqual(['n8n-lock-crm-1:fence', 'n8n-lock-crm-1:wake', expect.stringMatching(/^n8n-lock:metrics:lock:/)]);
  });

  it('extend writes the new expiry into the same Result Field the acquire wrote, keeping the lock it describes', async () => {
    const [acquired] = await lock({ operation: 'acquire', scope: 'crm-ext', options: { resultField: 'held' } });
    const before = acquired[0].json.held;
    const context = { ...executeContext({ operation: 'extend', scope: 'crm-ext', lockId: 'L1', ttlSeconds: 600, options: { resultField: 'held' } }, acquired.map((i: any) => i.json)), getCredentials: async () => ({ host: '127.0.0.1', port: redis.port }) };
    const [extended] = await loadNode('Lock').execute.call(context);
    expect(extended[0].json.held).toMatchObject({ lock_id: 'L1', fence: before.fence, extended: true, scope: 'crm-ext' });
    expect(Date.parse(extended[0].json.held.expires_at)).toBeGreaterThan(Date.parse(before.expires_at));
    expect(extended[0].json).not.toHaveProperty('lockExtended');
    expect(await redis.client.pttl('n8n-lock-crm-ext')).toBeGreaterThan(500_000);
  });

  it('the panel shows a parameter only where it applies: Max Wait and Poll only for an Acquire that waits; Result Field for every operation', () => {
    const { properties } = loadNode('Lock').description as { properties: Array<{ name: string; displayOptions?: unknown; options?: Array<{ name: string; displayOptions?: unknown }> }> };
    const byName = (name: string) => properties.find((p) => p.name === name)!;
    expect(byName('maxWaitSeconds').displayOptions).toEqual({ show: { operation: ['acquire'], waitTillLockReleased: [true] } });
    expect(byName('options').displayOptions).toBeUndefined();
    const option = (name: string) => byName('options').options!.find((o) => o.name === name)!;
    expect(option('pollSeconds').displayOptions).toEqual({ show: { '/operation': ['acquire'], '/waitTillLockReleased': [true] } });
    expect(option('resultField').displayOptions).toBeUndefined();
  });

  it.each([
    ['a missing scope', { operation: 'acquire', scope: '  ' }, /^Parameter "Scope" is empty/],
    ['a TTL of 0', { operation: 'acquire', scope: 'crm-1', ttlSeconds: 0 }, /^Parameter "TTL \(Seconds\)" must be a number above 0/],
    ['a negative max wait', { operation: 'acquire', scope: 'crm-1', maxWaitSeconds: -1 }, /^Parameter "Max Wait \(Seconds\)" must be 0 or more/],
  ])('%s: a node error naming the parameter, nothing written', async (_label, parameters, message) => {
    await expect(lock(parameters)).rejects.toThrow(message);
    expect(await keysInRedis()).toEqual([]);
  });

  it('release with a lock_id that does not hold the lock: the primitive\'s LOGIC ERROR, nothing deleted', async () => {
    await lock({ operation: 'acquire', scope: 'crm-1' });
    await expect(lock({ operation: 'release', scope: 'crm-1', lockId: 'intruder' })).rejects.toThrow(/^LOGIC ERROR: lock on 'crm-1' is held by .* \(workflow Wf00000000000001, execution 42\) since .*, not by lock_id intruder$/);
    expect(await redis.client.exists('n8n-lock-crm-1', 'n8n-lock-crm-1:meta')).toBe(2);
  });

  // ioredis only emits a failed SELECT as an error event and goes on: the node wrote to database 0.
  it('a database the server does not have: one clear error, nothing written to any database', async () => {
    await expect(lock({ operation: 'acquire', scope: 'crm-1' }, { credential: { database: 99 } })).rejects.toThrow(/^Redis: Cannot use database 99 of Redis at 127\.0\.0\.1:\d+: ERR DB index is out of range \(the server has fewer databases/);
    expect(await keysInRedis()).toEqual([]);
  });

  it('an ACL user without +select: one clear error naming the grant, nothing written to database 0', async () => {
    await redis.client.call('ACL', 'SETUSER', 'noselect', 'on', '>pw', '~*', '&*', '+@all', '-select');
    try {
      await expect(lock({ operation: 'acquire', scope: 'crm-1' }, { credential: { database: 3, user: 'noselect', password: 'pw' } })).rejects.toThrow(/^Redis: Cannot use database 3 of Redis at .*NOPERM.*\(the ACL user may not run SELECT: grant it \+select, or use database 0\)/);
      expect(await keysInRedis()).toEqual([]);
    } finally {
      await redis.client.call('ACL', 'DELUSER', 'noselect');
    }
  });

  it('database 3: the lock is there, and database 0 stays empty', async () => {
    await lock({ operation: 'acquire', scope: 'crm-db3' }, { credential: { database: 3 } });
    expect(await keysInRedis()).toEqual([]);
    const db3 = redis.client.duplicate({ db: 3 });
    try {
      expect((await db3.keys('*')).sort()).toEqual(['n8n-lock-crm-db3', 'n8n-lock-crm-db3:fence', 'n8n-lock-crm-db3:meta', expect.stringMatching(/^n8n-lock:metrics:lock:/)]);
      await db3.flushdb();
    } finally {
      db3.disconnect();
    }
  });

  it('Redis unreachable: one clear error', async () => {
    await expect(lock({ operation: 'acquire', scope: 'crm-1' }, { port: 1 })).rejects.toThrow(/^Redis: Cannot connect to Redis at 127\.0\.0\.1:1: connection refused/);
  });
});

describe('connection errors name the cause in the words of the credential', () => {
  let tlsRedis: TestRedis | undefined;
  let certificates: TlsFiles | undefined;
  beforeAll(async () => {
    if (!hasOpenssl()) return;
    certificates = makeTestCertificates();
    tlsRedis = await startRedis({ tls: certificates });
  });
  afterAll(async () => {
    await tlsRedis?.stop();
    if (certificates) rmSync(certificates.dir, { recursive: true, force: true });
  });
  const acquire = (credential: Record<string, unknown>) =>
    loadNode('Lock').execute.call({
      ...executeContext({ operation: 'acquire', scope: 'conn', lockId: 'L1', ttlSeconds: 60, waitTillLockReleased: false, options: {} }, [{}]),
      getCredentials: async () => ({ host: '127.0.0.1', database: 0, ...credential }),
      onExecutionFinish: () => undefined,
    });

  it('SSL off against a TLS port', async () => {
    if (!tlsRedis) return;
    await expect(acquire({ port: tlsRedis.port, ssl: false })).rejects.toThrow(/if this port serves TLS, turn on SSL in the Redis credential/);
  });

  it('SSL on against a plain port', async () => {
    await expect(acquire({ port: redis.port, ssl: true })).rejects.toThrow(/turn off SSL|turn SSL off/);
  });

  it('a private CA the node does not trust: the certificate, and the switch for self-signed servers; with it, the lock is taken', async () => {
    if (!tlsRedis) return;
    await expect(acquire({ port: tlsRedis.port, ssl: true, host: 'localhost' })).rejects.toThrow(/the server's TLS certificate is not trusted .*turn on Ignore SSL Issues/);
    const [items] = await acquire({ port: tlsRedis.port, ssl: true, host: 'localhost', disableTlsVerification: true });
    expect(items[0].json.lock).toMatchObject({ acquired: true });
  });

  it('a password without a user while the default user is off: set User', async () => {
    await redis.client.call('ACL', 'SETUSER', 'app', 'on', '>apppw', '~*', '&*', '+@all');
    await redis.client.call('ACL', 'SETUSER', 'default', 'off');
    try {
      await expect(acquire({ port: redis.port, password: 'apppw' })).rejects.toThrow(/the password was not accepted for the default user .*set User in the Redis credential/);
      const [items] = await acquire({ port: redis.port, user: 'app', password: 'apppw' });
      expect(items[0].json.lock).toMatchObject({ acquired: true });
    } finally {
      const admin = new Redis({ port: redis.port, host: '127.0.0.1', username: 'app', password: 'apppw' });
      await admin.call('ACL', 'SETUSER', 'default', 'on');
      await admin.call('ACL', 'DELUSER', 'app');
      admin.disconnect();
    }
  });
});

describe('Lock node scope', () => {
  it.each([
    ['acquire', { scope: 'crm-1', lockId: (i: number) => `L${i}` }, 'Lock ID'],
    ['acquire', { scope: 'crm-1', ttlSeconds: (i: number) => 60 + i }, 'TTL (Seconds)'],
    ['acquire', { scope: (i: number) => `crm-${i}`, maxWaitSeconds: (i: number) => i }, 'Max Wait (Seconds)'],
    ['release', { scope: (i: number) => `crm-${i}`, lockId: (i: number) => `L${i}` }, 'Lock ID'],
    ['extend', { scope: 'crm-1', ttlSeconds: (i: number) => 60 + i }, 'TTL (Seconds)'],
  ])('%s: items that disagree on a parameter other than Scope (%s) are refused naming it, nothing written; never decided by the first item alone', async (operation, parameters, displayName) => {
    const context = { ...executeContext({ operation, lockId: 'L1', ttlSeconds: 60, maxWaitSeconds: 1, options: {}, ...parameters }, [{ id: 0 }, { id: 1 }]), onExecutionFinish: () => undefined };
    const error = await loadNode('Lock').execute.call(context).catch((e: Error) => e);
    expect(error.message).toMatch(new RegExp(`^Parameter "${displayName.replace(/[()]/g, '\\$&')}" differs between items \\(item 0: .+, item 1: .+\\): one Lock node takes one lock for the whole batch`));
    expect(await keysInRedis()).toEqual([]);
  });

  it('items that agree (one record, many items) are locked once', async () => {
    const context = { ...executeContext({ operation: 'acquire', scope: () => 'crm-7', lockId: () => 'L1', ttlSeconds: 60, maxWaitSeconds: 1, options: {} }, [{}, {}, {}]), onExecutionFinish: () => undefined };
    const [out] = await loadNode('Lock').execute.call(context);
    expect(out.map((item: any) => item.json.lock.scope)).toEqual(['crm-7', 'crm-7', 'crm-7']);
    expect(await redis.client.exists('n8n-lock-crm-7')).toBe(1);
  });


  it.each([':meta', ':fence', ':wake', ':holders', ':sidecars'])('a scope ending in %s is refused: it names another scope\'s key', async (suffix) => {
    const context = { ...executeContext({ operation: 'acquire', scope: `crm-1${suffix}`, lockId: 'L1', ttlSeconds: 60, options: {} }, [{}]), onExecutionFinish: () => undefined };
    await expect(loadNode('Lock').execute.call(context)).rejects.toThrow(new RegExp(`^Parameter "Scope" of item 0 ends with "${suffix}"`));
    expect(await keysInRedis()).toEqual([]);
  });
});

describe("the package credential's Test button (testedBy n8nLockRedisConnectionTest)", () => {
  const test = (data: Record<string, unknown>) =>
    loadNode('Lock').methods.credentialTest.n8nLockRedisConnectionTest.call({}, { id: 'c1', name: 'Redis', type: 'n8nLockRedisApi', data });

  it('connects and PINGs as the nodes would, on every node', async () => {
    for (const name of ['Lock', 'CallFunction', 'Function', 'ReturnFromFunction']) {
      expect(Object.keys(loadNode(name).methods.credentialTest)).toEqual(['n8nLockRedisConnectionTest']);
      expect(loadNode(name).description.credentials.find((c: { name: string }) => c.name === 'n8nLockRedisApi').testedBy).toBe('n8nLockRedisConnectionTest');
    }
    expect(await test({ topology: 'standalone', host: '127.0.0.1', port: redis.port, database: 0 })).toEqual({ status: 'OK', message: 'Connection successful' });
  });

  it('says why it cannot connect, in the words of the credential', async () => {
    const closed = await test({ topology: 'standalone', host: '127.0.0.1', port: 1, database: 0 });
    expect(closed.status).toBe('Error');
    expect(closed.message).toMatch(/^Cannot connect to Redis at 127\.0\.0\.1:1\b/);
    const noNodes = await test({ topology: 'cluster', clusterNodes: '' });
    expect(noNodes).toMatchObject({ status: 'Error', message: expect.stringMatching(/Cluster Nodes/) });
  });
});
