// What Replica Acknowledgements cost on the Lock node's hot path: acquire + release of one scope,
// sequentially, through the node package's own engine (n8n-nodes/dist/lib: pool, scripts, WAIT),
// against a master with one replica that this script starts on free loopback ports and stops.
// Same run, side by side: replicaAcks 0 (no WAIT) and 1 (WAIT for one replica, 1 s at most).
//   node scripts/bench/replica-ack.mjs      (after npm run build)
// Prints one line per setting:
//   bench: replica_ack=<off|on> acquires=<n> median_ms=<m> p95_ms=<p>
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { startRedis, stopRedis } from '../support/redis-server.mjs';

const require = createRequire(import.meta.url);
const { acquireLock, releaseLock } = require('../../n8n-nodes/dist/lib/lock.js');
const { poolFor, closeAllPools } = require('../../n8n-nodes/dist/lib/pool.js');

const ROUNDS = 500;
const WARMUP = 50;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

const master = await startRedis();
const replica = await startRedis(['--replicaof', '127.0.0.1', String(master.port)]);
try {
  const check = new Redis({ port: replica.port, host: '127.0.0.1' });
  for (let i = 0; i < 100 && !/master_link_status:up/.test(await check.info('replication')); i++) await new Promise((r) => setTimeout(r, 100));
  check.disconnect();
  for (const [setting, replicaAcks] of [['off', 0], ['on', 1]]) {
    const credential = { host: '127.0.0.1', port: master.port, database: 0, replicaAcks, replicaAckTimeoutMs: 1000 };
    const pool = poolFor(credential, 'bench');
    const replicaAck = replicaAcks ? { replicas: replicaAcks, timeoutMs: 1000 } : undefined;
    const times = [];
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const started = performance.now();
      const [lock] = await acquireLock(pool, {
        scopes: [`bench-${setting}`],
        maxHolders: 1,
        ttlSeconds: 30,
        holder: { lock_id: `L${i}`, workflow_id: 'Wf', workflow_name: 'bench', execution_id: String(i), locked_at: '' },
        waitTillLockReleased: false,
        maxWaitSeconds: 0,
        pollSeconds: 1,
        replicaAck,
      });
      await releaseLock(await pool.command(), lock.scope, lock.lock_id);
      if (i >= WARMUP) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`bench: replica_ack=${setting} acquires=${ROUNDS} median_ms=${percentile(times, 0.5).toFixed(3)} p95_ms=${percentile(times, 0.95).toFixed(3)}`);
    await closeAllPools();
  }
} finally {
  await stopRedis(replica.child);
  await stopRedis(master.child);
}
