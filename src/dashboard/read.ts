// The dashboard's one read of Redis per update: the lock and rate-limit keys (status's own
// reading), the Lock node's waiters, the function streams, the queues, the recorded metric series
// and the server's clock, all on every master of a Cluster. Plain data out, for view.ts.
import { RATE_LIMIT_PREFIX } from 'n8n-lock-protocol/keys';
import { keyLayoutOfClient, readFunctionStreams, readLockKeys, readLockNodeWaiters, type RedisClient } from '../ops/redis-client.js';
import { listQueues, readQueue } from '../ops/queues.js';
import { buildStatusReport } from '../ops/status.js';
import { readSeries } from '../metrics/read.js';
import type { DashboardReading } from './view.js';

export async function readDashboard(client: RedisClient, now: () => number = Date.now): Promise<DashboardReading & { nowMs: number; roundTrips: number }> {
  const layout = keyLayoutOfClient(client);
  const [scan, waiters, functions, queueNames, recorded, time] = await Promise.all([readLockKeys(client), readLockNodeWaiters(client), readFunctionStreams(client), listQueues(client), readSeries(client), client.time()]);
  const queues = await Promise.all(queueNames.map((name) => readQueue(client, name)));
  const nowMs = now();
  const report = buildStatusReport(scan.readings, { nowMs, redis: '', layout, roundTrips: scan.roundTrips, lockNodeWaiters: waiters });
  const rateLimitEntries = new Map<string, string[]>();
  for (const reading of scan.readings) if (reading.entries && reading.key.startsWith(RATE_LIMIT_PREFIX)) rateLimitEntries.set(reading.key, reading.entries);
  return { report, rateLimitEntries, functions, queues, series: recorded.series, serverNowMs: Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000), nowMs, roundTrips: scan.roundTrips };
}
