// What the cleanup handler's KEYS costs (error_handler_lock_cleanup finds every lock's sidecar with
// `KEYS n8n-lock-*:meta`): on a redis-server this script starts on a free loopback port and always
// stops, with 1,000,000 unrelated keys and 100 held locks. KEYS walks the whole keyspace inside
// Redis and blocks it meanwhile, so the number that matters is how long one call takes; it runs
// once per failed locked execution, never on the lock's hot path.
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { startRedis, stopRedis } from '../support/redis-server.mjs';

const FOREIGN = 1_000_000;
const LOCKS = 100;

const { port, child } = await startRedis(['--enable-debug-command', 'local']);
try {
  const redis = new Redis({ port, host: '127.0.0.1' });
  await redis.call('DEBUG', 'POPULATE', String(FOREIGN), 'unrelated');
  const pipeline = redis.pipeline();
  for (let i = 0; i < LOCKS; i++) {
    pipeline.set(`n8n-lock-crm-${i}`, '1', 'EX', 600);
    pipeline.set(`n8n-lock-crm-${i}:meta`, JSON.stringify({ lock_id: String(i), execution_id: String(i) }), 'EX', 600);
  }
  await pipeline.exec();
  const size = await redis.dbsize();
  const times = [];
  let found = 0;
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    found = (await redis.keys('n8n-lock-*:meta')).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const info = await redis.info('commandstats');
  const usec = /cmdstat_keys:calls=(\d+),usec=(\d+)/.exec(info);
  console.log(
    `cleanup KEYS n8n-lock-*:meta over ${size.toLocaleString('en')} keys (${LOCKS} locks): round trip median ${times[3].toFixed(0)} ms, max ${times[6].toFixed(0)} ms; ` +
      `inside Redis ${usec ? (Number(usec[2]) / Number(usec[1]) / 1000).toFixed(0) : '?'} ms per call (commandstats); found ${found} sidecars`,
  );
  redis.disconnect();
} finally {
  await stopRedis(child);
}
