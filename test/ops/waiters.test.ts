// status and the waiters (issue 38, finding 3: "status does not show the waiters"): what can be
// known is shown, what cannot is "?" and never 0. Real Lock-node waiters (the node's own engine and
// connection pool) block on a real redis-server while the built binary reads it.
import { describe, expect, it } from 'vitest';
import { LOCK_NODE_CONNECTION_NAME } from 'n8n-lock-protocol/native-lock';
import { acquireLock, type AcquireRequest } from '../../n8n-nodes/lib/lock';
import { closeAllPools, poolFor } from '../../n8n-nodes/lib/pool';
import { countLockNodeWaiters } from '../../src/ops/waiters.js';
import { useRedisServer } from './support/use-redis-server.js';
import { runCliAsync } from './support/cli.js';
import { meta } from './fixtures.js';

const redis = useRedisServer({ beforeStop: closeAllPools });

const request = (lockId: string, over: Partial<AcquireRequest> = {}): AcquireRequest => ({
  scopes: ['crm-1'],
  maxHolders: 1,
  ttlSeconds: 60,
  holder: { lock_id: lockId, workflow_id: 'Wf1', workflow_name: 'CRM Sync', execution_id: lockId, locked_at: '' },
  waitTillLockReleased: true,
  maxWaitSeconds: 8,
  pollSeconds: 4,
  ...over,
});

describe('countLockNodeWaiters', () => {
  it('counts the Lock node\'s waiting connections in BLPOP, nothing else', () => {
    const list = [
      'id=4 addr=127.0.0.1:1 laddr=127.0.0.1:6379 fd=8 name=n8n-lock-node:wait age=1 idle=1 flags=b db=0 cmd=blpop user=default resp=2',
      'id=5 addr=127.0.0.1:2 laddr=127.0.0.1:6379 fd=9 name=n8n-lock-node:wait age=1 idle=0 flags=b db=0 cmd=wait user=default resp=2',
      'id=6 addr=127.0.0.1:3 laddr=127.0.0.1:6379 fd=10 name=n8n-lock-node age=1 idle=0 flags=N db=0 cmd=eval user=default resp=2',
      'id=7 addr=127.0.0.1:4 laddr=127.0.0.1:6379 fd=11 name=n8n-function:enrich age=1 idle=0 flags=b db=0 cmd=blpop user=default resp=2',
      'id=8 addr=127.0.0.1:5 laddr=127.0.0.1:6379 fd=12 name=n8n-lock-node:wait age=1 idle=1 flags=b db=0 cmd=blpop',
    ].join('\n');
    expect(countLockNodeWaiters(list)).toBe(2);
    expect(countLockNodeWaiters('')).toBe(0);
  });
});

describe('status shows the waiters', () => {
  it('two Lock-node executions waiting: the count for all scopes, "?" per scope, null per scope in JSON', async () => {
    const pool = poolFor({ host: '127.0.0.1', port: redis.port, database: 0 }, LOCK_NODE_CONNECTION_NAME);
    await acquireLock(pool, request('holder'));
    const waiting = [acquireLock(pool, request('w1')), acquireLock(pool, request('w2'))].map((p) => p.catch((error: Error) => error));
    // Until both block in BLPOP on the wake list.
    for (let i = 0; i < 200 && Number(/blocked_clients:(\d+)/.exec(await redis.client.info('clients'))?.[1]) < 2; i++) await new Promise((r) => setTimeout(r, 20));
    const [table, json] = await Promise.all([
      runCliAsync(['status', '--redis-url', redis.url, '--recheck-ms', '0']),
      runCliAsync(['status', '--redis-url', redis.url, '--recheck-ms', '0', '--format', 'json']),
    ]);
    expect([table.status, table.stderr]).toEqual([0, '']);
    const lines = table.stdout.split('\n');
    expect(lines.find((line) => line.startsWith('SCOPE '))).toMatch(/LOCK ID +WAITERS +FLAGS$/);
    expect(lines.find((line) => line.startsWith('crm-1 '))).toMatch(/ holder +\? +ok$/);
    expect(lines).toContain("WAITERS: ? per scope (not recorded per scope: stock waiters poll with GET and leave no trace; the Lock node's wait in BLPOP, and Redis does not say on which key); Lock-node waiters blocked right now, all scopes: 2");
    const report = JSON.parse(json.stdout);
    expect(report.waiters).toMatchObject({ lock_node_blocked: 2, per_scope: null });
    expect(report.locks[0].waiters).toBeNull();
    // Free it, and the next holder's too, until both waiters have had their turn.
    let done = false;
    const ended = Promise.all(waiting).then(() => (done = true));
    while (!done) {
      await redis.client.multi().del('n8n-lock-crm-1', 'n8n-lock-crm-1:meta').rpush('n8n-lock-crm-1:wake', '1').exec();
      await new Promise((r) => setTimeout(r, 50));
    }
    await ended;
  }, 30_000);

  it('a Redis user that may not run CLIENT LIST: "unknown", never 0, and status still works', async () => {
    await redis.client.multi().set('n8n-lock-billing', '1', 'EX', 600).set('n8n-lock-billing:meta', meta('4711', new Date().toISOString()), 'EX', 600).exec();
    await redis.client.call('ACL', 'SETUSER', 'nolist', 'on', '>nolist-pw', '~*', '+@all', '-client|list');
    try {
      const url = `redis://nolist:nolist-pw@127.0.0.1:${redis.port}/0`;
      const table = await runCliAsync(['status', '--redis-url', url, '--recheck-ms', '0']);
      expect([table.status, table.stderr]).toEqual([0, '']);
      expect(table.stdout).toContain('Lock-node waiters blocked right now, all scopes: unknown (the Redis user may not run CLIENT LIST: grant +client|list)');
      const report = JSON.parse((await runCliAsync(['status', '--redis-url', url, '--format', 'json'])).stdout);
      expect(report.waiters).toEqual({ lock_node_blocked: null, per_scope: null, note: expect.any(String), error: 'the Redis user may not run CLIENT LIST: grant +client|list' });
    } finally {
      await redis.client.call('ACL', 'DELUSER', 'nolist');
    }
    // Two CLI processes one after the other: on a loaded two-core CI machine each can take seconds to start.
  }, 60_000);
});
